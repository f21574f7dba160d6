// The colour theme (issue 24): light, dark, or system (follow the OS setting, the default), remembered in
// local storage under `mailwright.theme` and applied as <html data-theme="light|dark"> (src/dark-theme.css).
// public/theme-init.js applies the stored choice before the first paint with the same rules.
import { useEffect, useSyncExternalStore } from 'react';

export const THEME_KEY = 'mailwright.theme';
export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

const darkQuery = '(prefers-color-scheme: dark)';

function isThemeChoice(value: unknown): value is ThemeChoice {
  return themeChoices.includes(value as ThemeChoice);
}

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches;
}

export function resolveTheme(choice: ThemeChoice, prefersDark = systemPrefersDark()): 'light' | 'dark' {
  return choice === 'dark' || (choice === 'system' && prefersDark) ? 'dark' : 'light';
}

function applyTheme(choice: ThemeChoice) {
  document.documentElement.dataset.theme = resolveTheme(choice);
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function chooseTheme(choice: ThemeChoice) {
  try {
    window.localStorage.setItem(THEME_KEY, choice);
  } catch {
    // storage unavailable (private mode): the choice lasts for this visit only
  }
  current = choice;
  applyTheme(choice);
  for (const listener of listeners) listener();
}

let current: ThemeChoice | undefined;
const snapshot = () => {
  current ??= readThemeChoice();
  return current;
};

/** The current choice (shared by every control that shows it); with "system" the page follows OS changes live. */
export function useThemeChoice(): ThemeChoice {
  const choice = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    applyTheme(choice);
    if (choice !== 'system' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(darkQuery);
    const follow = () => applyTheme('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [choice]);
  return choice;
}
