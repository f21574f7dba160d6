import { Link } from 'react-router-dom';
import { focusRing } from './styles';

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" className="fill-indigo-600" />
      <path d="M7 10h18v12H7z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      <path d="M7 10l9 7 9-7" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** `isCompactOnNarrow`: below 400 px only the mark shows (the name stays for screen readers), so a full top bar fits. */
export function Logo({ to = '/', isCompactOnNarrow = false }: { to?: string; isCompactOnNarrow?: boolean }) {
  return (
    <Link to={to} className={`flex items-center gap-2 rounded-lg text-base font-bold text-slate-900 sm:text-lg ${focusRing}`}>
      <LogoMark />
      <span className={isCompactOnNarrow ? 'max-[399px]:sr-only' : undefined}>Mailwright</span>
    </Link>
  );
}
