// "Log out everywhere": ends every session of the account (other browsers, lost devices, this one), after a
// confirmation; this browser then signs out too.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { authApi } from '../../api';
import { useAuth } from '../auth';
import { DialogActions } from '../layout/dialog-actions';
import { Modal } from '../layout/modal';
import { notifyError } from '../notices/error-notice';

export const LOGGED_OUT_EVERYWHERE = 'You have been logged out everywhere';

export function LogOutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const { logout } = useAuth();
  const [isWorking, setIsWorking] = useState(false);

  async function confirm() {
    setIsWorking(true);
    try {
      await authApi.logoutEverywhere();
      toast.success(LOGGED_OUT_EVERYWHERE);
      logout();
    } catch (error) {
      notifyError(error, 'Failed to log out everywhere');
      setIsWorking(false);
    }
  }

  return (
    <Modal
      title="Log out everywhere?"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          confirmLabel="Log out everywhere"
          busyLabel="Logging out..."
          isBusy={isWorking}
          onConfirm={() => void confirm()}
        />
      }
    >
      <p className="text-sm text-slate-700">
        Every session of your account ends, on every device and browser, this one included. You will need to sign in again.
      </p>
    </Modal>
  );
}
