// /reset-password/:token: sets a new password, then goes to /login.
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router-dom';
import { authApi } from '../../api';
import { AuthCard } from '../../components/auth-card';
import { NewPasswordField } from '../../features/auth/auth-fields';
import { AuthForm } from '../../features/auth/auth-form';
import { BackToLoginLink } from '../../features/auth/auth-links';

export const RESET_SUCCESS = 'Password reset successful!';
export const RESET_FAILED = 'Password reset failed';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      await authApi.resetPassword(token, password);
      toast.success(RESET_SUCCESS);
      void navigate('/login', { replace: true });
    } catch {
      toast.error(RESET_FAILED);
      setIsSubmitting(false);
    }
  }

  return (
    <AuthCard title="Set a new password" subtitle="Choose a new password for your account." footer={<BackToLoginLink />}>
      <AuthForm onSubmit={handleSubmit} isSubmitting={isSubmitting} submitLabel="Reset password" busyLabel="Resetting...">
        <NewPasswordField label="New password" value={password} onChange={setPassword} />
      </AuthForm>
    </AuthCard>
  );
}
