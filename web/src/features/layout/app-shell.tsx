// The signed-in frame: top bar (product name, the user's email, Logout) and the side menu — collapsible
// on wide screens (remembered), a slide-in drawer on small screens that closes on navigation and keeps focus
// inside while open (mobile-drawer.tsx). Pages load in their own chunks; a spinner holds their place meanwhile.
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { Spinner } from '../../components/spinner';
import { buttonStyles, focusRing } from '../../components/styles';
import { useAuth } from '../auth';
import { BarIconButton, LineIcon } from './bar-icon-button';
import { MobileDrawer } from './mobile-drawer';
import { navItems } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

function SideMenu({ isCollapsed, label }: { isCollapsed: boolean; label: string }) {
  return (
    <nav aria-label={label} className="flex flex-col gap-1 p-3">
      {navItems.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          title={isCollapsed ? item.label : undefined}
          className={({ isActive }) =>
            `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${focusRing} ${
              isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
            } ${isCollapsed ? 'justify-center' : ''}`
          }
        >
          <LineIcon path={item.icon} />
          <span className={isCollapsed ? 'sr-only' : ''}>{item.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

export function AppShell() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [isCollapsed, toggleCollapsed] = useSidebarCollapsed();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);

  // The drawer closes whenever the address changes (a menu item was chosen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setIsDrawerOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {/* On small screens the user's email gets its own strip under the bar (max-sm:pb-7), where it fits. */}
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white max-sm:pb-7">
        <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex items-center gap-2">
            <div className="lg:hidden">
              <BarIconButton
                aria-label="Open menu"
                aria-expanded={isDrawerOpen}
                aria-controls="app-drawer"
                icon="M3 5h14M3 10h14M3 15h14"
                onClick={() => setIsDrawerOpen(true)}
              />
            </div>
            <div className="hidden lg:block">
              <BarIconButton
                aria-label={isCollapsed ? 'Expand menu' : 'Collapse menu'}
                aria-pressed={isCollapsed}
                icon={isCollapsed ? 'M3 5h14M3 10h14M3 15h14M13 7l3 3-3 3' : 'M3 5h14M3 10h14M3 15h14M7 7l-3 3 3 3'}
                onClick={toggleCollapsed}
              />
            </div>
            <Logo to="/dashboard" />
          </div>
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            <span
              className="min-w-0 truncate text-sm text-slate-600 max-sm:absolute max-sm:inset-x-0 max-sm:bottom-0 max-sm:border-t max-sm:border-slate-100 max-sm:px-4 max-sm:text-xs max-sm:leading-7 sm:max-w-xs"
              data-testid="user-email"
              title={user?.email}
            >
              {user?.email}
            </span>
            <ThemeToggle />
            <button
              type="button"
              className={`${buttonStyles.secondary} px-3 py-2`}
              onClick={() => {
                logout();
                void navigate('/login');
              }}
            >
              Logout
            </button>
          </div>
        </div>
      </header>

      {/* Below the bar the row fills the rest of the screen or more, and the sidebar's column stretches with it:
          its background and border run to the bottom however far the page scrolls; the menu inside stays in view. */}
      <div className="flex flex-1">
        <aside
          className={`hidden shrink-0 border-r border-slate-200 bg-white transition-[width] lg:block ${
            isCollapsed ? 'w-[4.5rem]' : 'w-60'
          }`}
          data-testid="sidebar"
          data-collapsed={isCollapsed}
        >
          <div className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto">
            <SideMenu isCollapsed={isCollapsed} label="App" />
          </div>
        </aside>

        {isDrawerOpen && (
          <MobileDrawer onClose={() => setIsDrawerOpen(false)}>
            <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
              <Logo to="/dashboard" />
              <BarIconButton aria-label="Close menu" icon="M5 5l10 10M15 5 5 15" onClick={() => setIsDrawerOpen(false)} />
            </div>
            <p className="truncate px-6 pt-3 text-xs text-slate-600 sm:hidden">{user?.email}</p>
            <SideMenu isCollapsed={false} label="App menu" />
          </MobileDrawer>
        )}

        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-6xl">
            <Suspense fallback={<Spinner className="flex justify-center py-16" label="Loading page…" />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
