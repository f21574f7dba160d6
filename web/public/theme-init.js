// Runs before the first paint (a classic script in <head>; an external file, as the CSP forbids inline
// scripts): puts the chosen colour theme on <html data-theme> so a dark page never flashes light.
// The choice is `mailwright.theme` in local storage: light, dark or system (the default: follow the OS).
// The app takes over from here (src/features/layout/theme-preference.ts keeps the same rules).
(() => {
  let choice = 'system';
  try {
    choice = window.localStorage.getItem('mailwright.theme') || 'system';
  } catch {
    // storage unavailable: follow the system
  }
  const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const theme = choice === 'dark' || (choice !== 'light' && prefersDark) ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
})();
