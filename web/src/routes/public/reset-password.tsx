// /reset-password/:token: sets a new password, then goes to /login.
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { authApi } from '../../api';
import { AuthCard } from '../../components/auth-card';
import { linkStyles } from '../../components/styles';
import { NewPasswordField } from '../../features/auth/auth-fields';
import { AuthForm } from '../../features/auth/auth-form';
import { BackToLoginLink } from '../../features/auth/auth-links';
import { type LinkFailure, linkFailure } from '../../features/auth/link-failure';

export const RESET_SUCCESS = 'Password reset successful!';
export const RESET_FAILED = 'Password reset failed';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [problem, setProblem] = useState<LinkFailure | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      await authApi.resetPassword(token, password);
      toast.success(RESET_SUCCESS);
      void navigate('/login', { replace: true });
    } catch (error) {
      toast.error(RESET_FAILED);
      setProblem(linkFailure(error, 'reset'));
      setIsSubmitting(false);
    }
  }

  return (
    <AuthCard title="Set a new password" subtitle="Choose a new password for your account." footer={<BackToLoginLink />}>
      <AuthForm onSubmit={handleSubmit} isSubmitting={isSubmitting} submitLabel="Reset password" busyLabel="Resetting...">
        {problem && (
          <div
            className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            role="alert"
            data-testid="link-problem"
          >
            {problem.reason} {problem.advice}{' '}
            <Link to="/forgot-password" className={linkStyles}>
              Request a new reset link
            </Link>
          </div>
        )}
        <NewPasswordField label="New password" value={password} onChange={setPassword} />
      </AuthForm>
    </AuthCard>
  );
}
