// "Skip to main content": the first thing Tab reaches on every page; hidden until focused. Every layout's
// content is <main id="main" tabIndex={-1}>, so following the link moves focus there, not only the scroll.
import { focusRing } from '../components/styles';

export function SkipLink() {
  return (
    <a
      href="#main"
      className={`sr-only rounded-lg bg-white text-sm font-semibold text-indigo-700 shadow-lg focus:not-sr-only focus:fixed focus:px-4 focus:py-2 focus:top-3 focus:left-3 focus:z-50 ${focusRing}`}
    >
      Skip to main content
    </a>
  );
}
