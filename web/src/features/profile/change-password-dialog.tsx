// Change password: current, new and confirm; checks match and length before calling the server. The change
// ends every other session; this browser keeps going on the fresh token the server answers.
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { authApi } from '../../api';
import { TextField } from '../../components/text-field';
import { useAuth } from '../auth';
import { FormDialog } from '../layout/form-dialog';
import { notifyError } from '../notices/error-notice';
import { passwordChangeError } from './password-rules';

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { renewToken } = useAuth();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [isSaving, setIsSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordChangeError(newPassword, confirmPassword);
    if (problem) {
      toast.error(problem);
      return;
    }
    setIsSaving(true);
    try {
      const { token } = await authApi.changePassword({ currentPassword, newPassword });
      renewToken(token);
      toast.success('Password changed successfully');
      onClose();
    } catch (error) {
      notifyError(error, 'Failed to change password');
      setIsSaving(false);
    }
  }

  return (
    <FormDialog
      title="Change Password"
      onClose={onClose}
      formId="change-password-form"
      formClassName="grid gap-4"
      onSubmit={(event) => void submit(event)}
      confirmLabel="Change Password"
      busyLabel="Saving..."
      isBusy={isSaving}
    >
      <TextField
        label="Current Password"
        type="password"
        required
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <TextField
        label="New Password"
        type="password"
        required
        autoComplete="new-password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
        hint="Minimum 6 characters"
      />
      <TextField
        label="Confirm New Password"
        type="password"
        required
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
    </FormDialog>
  );
}
