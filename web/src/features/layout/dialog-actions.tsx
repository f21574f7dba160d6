// The buttons row of a dialog: a way out and the one action, which either submits the dialog's form or runs
// a callback, and says what it is doing while busy.
import type { ReactNode } from 'react';
import { buttonStyles } from '../../components/styles';

interface DialogActionsProps {
  onCancel: () => void;
  cancelLabel?: ReactNode;
  confirmLabel: ReactNode;
  /** The label while `isBusy` (the button is disabled meanwhile). */
  busyLabel?: string;
  isBusy?: boolean;
  /** The id of the form the action submits; without it the action calls `onConfirm`. */
  form?: string;
  onConfirm?: () => void;
  /** `danger` for an action that cannot be undone. */
  tone?: 'primary' | 'danger';
  /** Also disable the way out while busy (when leaving mid-action would lose track of it). */
  lockWhileBusy?: boolean;
}

export function DialogActions({
  onCancel,
  cancelLabel = 'Cancel',
  confirmLabel,
  busyLabel,
  isBusy = false,
  form,
  onConfirm,
  tone = 'primary',
  lockWhileBusy = false,
}: DialogActionsProps) {
  const confirmStyle = tone === 'danger' ? `${buttonStyles.primary} bg-red-600 hover:bg-red-500` : buttonStyles.primary;
  return (
    <>
      <button type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={lockWhileBusy && isBusy}>
        {cancelLabel}
      </button>
      <button
        type={form ? 'submit' : 'button'}
        form={form}
        className={confirmStyle}
        disabled={isBusy}
        onClick={form ? undefined : onConfirm}
      >
        {isBusy && busyLabel ? busyLabel : confirmLabel}
      </button>
    </>
  );
}
