// Asked when social sign-in ends in a browser already signed in as someone else: a session is never replaced
// without the person seeing it (a sign-in link sent by someone else would otherwise switch them silently).
import { buttonStyles } from '../../components/styles';
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
        <>
          <button type="button" className={buttonStyles.secondary} onClick={onStay}>
            Stay signed in as {currentEmail}
          </button>
          <button type="button" className={buttonStyles.primary} onClick={onContinue}>
            Continue as {nextEmail}
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{switchAccountQuestion(currentEmail, nextEmail)}</p>
    </Modal>
  );
}
