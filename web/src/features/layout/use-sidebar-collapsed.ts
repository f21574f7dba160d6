// Whether the wide-screen side menu is collapsed; remembered in local storage (spec sections 2 and 9).
import { useCallback, useState } from 'react';

export const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';

function read(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useSidebarCollapsed(): [boolean, () => void] {
  const [isCollapsed, setIsCollapsed] = useState(read);
  const toggle = useCallback(() => {
    setIsCollapsed((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
      } catch {
        // storage unavailable (private mode): the choice lasts for this visit only
      }
      return next;
    });
  }, []);
  return [isCollapsed, toggle];
}
