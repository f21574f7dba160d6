// A dialog around one form: Cancel and the form's submit button in the footer (the button submits the
// form by its id, so it can sit outside it).
import type { FormEvent, ReactNode } from 'react';
import { DialogActions } from './dialog-actions';
import { Modal } from './modal';

interface FormDialogProps {
  title: string;
  onClose: () => void;
  size?: 'md' | 'lg';
  formId: string;
  formClassName?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  confirmLabel: string;
  /** The submit button's label while `isBusy`. */
  busyLabel: string;
  isBusy: boolean;
  children: ReactNode;
}

export function FormDialog({
  title,
  onClose,
  size,
  formId,
  formClassName,
  onSubmit,
  confirmLabel,
  busyLabel,
  isBusy,
  children,
}: FormDialogProps) {
  return (
    <Modal
      size={size}
      title={title}
      onClose={onClose}
      footer={
        <DialogActions onCancel={onClose} confirmLabel={confirmLabel} busyLabel={busyLabel} isBusy={isBusy} form={formId} />
      }
    >
      <form id={formId} className={formClassName} onSubmit={onSubmit}>
        {children}
      </form>
    </Modal>
  );
}
