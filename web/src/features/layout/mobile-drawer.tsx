// The small-screen side menu: a native <dialog> opened modally and slid in from the left, so focus moves into
// it, Tab stays inside it, Escape or a click on the backdrop closes it, and focus returns to "Open menu".
import { type MouseEvent, type ReactNode, useRef } from 'react';
import { useModalDialog } from './use-modal-dialog';

export function MobileDrawer({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, onClose);
  // A click on the ::backdrop reaches the <dialog> itself; clicks on the panel land on its children.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => event.target === event.currentTarget && onClose();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click has a keyboard twin, Escape (the cancel event)
    <dialog
      ref={ref}
      id="app-drawer"
      aria-label="Menu"
      onClick={onBackdropClick}
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] overflow-hidden bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/40 lg:hidden"
    >
      <div className="flex h-full flex-col overflow-y-auto">{children}</div>
    </dialog>
  );
}
