// The frame every public page shares: top bar (Docs, Login, Get Started, the theme) and the footer links.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useAuth } from '../features/auth';
import { ThemeToggle } from '../features/layout/theme-toggle';
import { Logo } from './logo';
import { buttonStyles, focusRing } from './styles';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-1.5 py-1.5 text-sm font-medium transition sm:px-2 ${focusRing} ${
    isActive ? 'text-indigo-600' : 'text-slate-600 hover:text-slate-900'
  }`;

export function PublicTopBar() {
  const { status } = useAuth();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <Logo isCompactOnNarrow />
        <div className="flex items-center gap-1 sm:gap-3">
          <NavLink to="/docs" className={navLinkClass}>
            Docs
          </NavLink>
          <NavLink to="/pricing" className={(state) => `hidden sm:inline-flex ${navLinkClass(state)}`}>
            Pricing
          </NavLink>
          <NavLink to="/blog" className={(state) => `hidden md:inline-flex ${navLinkClass(state)}`}>
            Blog
          </NavLink>
          <ThemeToggle />
          {status === 'authenticated' ? (
            <Link to="/dashboard" className={`${buttonStyles.primary} px-3 py-2`}>
              Dashboard
            </Link>
          ) : status === 'loading' ? (
            <span className="block h-9 w-24 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
          ) : (
            <>
              <NavLink to="/login" className={navLinkClass}>
                Login
              </NavLink>
              <Link to="/signup" className={`${buttonStyles.primary} whitespace-nowrap px-3 py-2`}>
                Get Started
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}

const footerLinks = [
  { to: '/docs', label: 'Documentation' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
];

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <Logo />
          <p className="mt-2 max-w-xs text-sm text-slate-500">
            Send, schedule and track email from the accounts you already own.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={`rounded text-slate-600 hover:text-indigo-600 ${focusRing}`}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Mailwright. All rights reserved.
      </p>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicTopBar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** A centred heading block for the simpler public pages. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-indigo-50 to-white px-4 py-14 text-center sm:py-20">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
      {subtitle && <p className="mx-auto mt-4 max-w-2xl text-base text-slate-600 sm:text-lg">{subtitle}</p>}
    </div>
  );
}
