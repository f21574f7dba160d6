// /forgot-password: asks for the email address and sends a reset link.
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { authApi } from '../../api';
import { AuthCard } from '../../components/auth-card';
import { EmailAddressField } from '../../features/auth/auth-fields';
import { AuthForm } from '../../features/auth/auth-form';
import { BackToLoginLink } from '../../features/auth/auth-links';

export const RESET_LINK_SENT = 'Reset link sent to your email';
export const RESET_LINK_FAILED = 'Failed to send reset link';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isSent, setIsSent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      await authApi.forgotPassword(email);
      toast.success(RESET_LINK_SENT);
      setIsSent(true);
    } catch {
      toast.error(RESET_LINK_FAILED);
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email address and we'll send you a link to reset it."
      footer={<BackToLoginLink />}
    >
      <AuthForm
        onSubmit={handleSubmit}
        isSubmitting={isSubmitting}
        submitLabel="Send reset link"
        busyLabel="Sending..."
        after={
          isSent && (
            <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800" role="status">
              If an account exists for {email}, a reset link is on its way. Check your inbox.
            </p>
          )
        }
      >
        <EmailAddressField value={email} onChange={setEmail} />
      </AuthForm>
    </AuthCard>
  );
}
