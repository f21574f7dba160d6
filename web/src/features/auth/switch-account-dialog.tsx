import { DialogActions } from '../layout/dialog-actions';
import { Modal } from '../layout/modal';

export const switchAccountQuestion = (current: string, next: string) => `You are signed in as ${current}. Continue as ${next}?`;

interface SwitchAccountDialogProps {
  currentEmail: string;
  nextEmail: string;
  onContinue: () => void;
  onStay: () => void;
}

export function SwitchAccountDialog({ currentEmail, nextEmail, onContinue, onStay }: SwitchAccountDialogProps) {
  return (
    <Modal
      title="Switch account?"
      onClose={onStay}
      footer={
        <DialogActions
          onCancel={onStay}
          cancelLabel={`Stay signed in as ${currentEmail}`}
          confirmLabel={`Continue as ${nextEmail}`}
          onConfirm={onContinue}
        />
      }
    >
      <p className="text-sm text-slate-700">{switchAccountQuestion(currentEmail, nextEmail)}</p>
    </Modal>
  );
}
