import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// jsdom does not implement scrolling; ScrollRestoration calls it.
window.scrollTo = () => {};

// A route's first render loads its lazy chunk; with npm test's two lanes on 2 cores (load 15) that took over the
// default 1 s for findBy/waitFor. They still return as soon as the element is there.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  toast.remove();
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
