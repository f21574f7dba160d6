// Opens a native <dialog> modally while mounted: the browser moves focus into it, keeps Tab inside it and
// makes the page behind inert; Escape calls `onClose`. On unmount the dialog closes and focus goes back
// to whatever had it before (the button that opened it).
import { type RefObject, useEffect, useRef } from 'react';

export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, onClose: () => void, onOpen?: () => () => void) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const onOpenRef = useRef(onOpen);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const trigger = document.activeElement;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const handleCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', handleCancel);
    const undoOpen = onOpenRef.current?.();
    return () => {
      dialog.removeEventListener('cancel', handleCancel);
      undoOpen?.();
      // Closed first: while a modal dialog is open the page behind it is inert and cannot take focus.
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      // A trigger that is gone (its row was deleted) cannot take focus back; the browser keeps it on <body>.
      if (trigger instanceof HTMLElement && trigger !== document.body && trigger.isConnected) trigger.focus();
    };
  }, [ref]);
}
