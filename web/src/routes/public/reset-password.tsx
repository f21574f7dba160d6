// /reset-password/:token: sets a new password, then goes to /login.
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { authApi } from '../../api';
import { AuthCard } from '../../components/auth-card';
import { buttonStyles, linkStyles } from '../../components/styles';
import { TextField } from '../../components/text-field';
import { MIN_PASSWORD_LENGTH } from './signup';

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
    <AuthCard
      title="Set a new password"
      subtitle="Choose a new password for your account."
      footer={
        <Link to="/login" className={linkStyles}>
          ← Back to login
        </Link>
      }
    >
      <form onSubmit={handleSubmit} className="space-y-5">
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder="Minimum 6 characters"
        />
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={isSubmitting}>
          {isSubmitting ? 'Resetting...' : 'Reset password'}
        </button>
      </form>
    </AuthCard>
  );
}
