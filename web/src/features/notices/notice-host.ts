// Where notices are drawn. A modal <dialog> sits in the browser's top layer, above any z-index, and makes
// the rest of the page inert: notices drawn in the page would hide under its backdrop. So an open dialog
// lends itself as the notices' host (the newest one when dialogs stack) and they are drawn inside it.
import { useSyncExternalStore } from 'react';

const hosts: HTMLElement[] = [];
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** Call when a dialog opens; the returned function gives the host back when it closes. */
export function lendNoticeHost(element: HTMLElement): () => void {
  hosts.push(element);
  notify();
  return () => {
    const index = hosts.lastIndexOf(element);
    if (index >= 0) hosts.splice(index, 1);
    notify();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The newest open dialog, or null: notices then go in the page. */
export function useNoticeHost(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => hosts.at(-1) ?? null,
    () => null,
  );
}
