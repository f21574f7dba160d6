// "Resend verification email" on /login once a sign-in was refused for an unverified address: asks for a new
// link (the server answers the same for any address and 429 when this address asked within the minute).
import { useState } from 'react';
import toast from 'react-hot-toast';
import { authApi, errorMessage } from '../../api';
import { buttonStyles } from '../../components/styles';

export const RESEND_VERIFICATION_LABEL = 'Resend verification email';
export const RESEND_VERIFICATION_FAILED = 'Failed to resend the verification email';

export function ResendVerificationButton({ email }: { email: string }) {
  const [isSending, setIsSending] = useState(false);
  async function resend() {
    setIsSending(true);
    try {
      const { message } = await authApi.resendVerification(email);
      toast.success(message, { id: 'resend-verification' });
    } catch (error) {
      toast.error(errorMessage(error, RESEND_VERIFICATION_FAILED), { id: 'resend-verification' });
    } finally {
      setIsSending(false);
    }
  }
  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="verification-needed"
    >
      <p>Your email address is not verified yet. Open the link we mailed you, or ask for a new one.</p>
      <button
        type="button"
        className={`${buttonStyles.secondary} mt-2 w-full`}
        disabled={isSending || !email}
        onClick={() => void resend()}
      >
        {isSending ? 'Sending...' : RESEND_VERIFICATION_LABEL}
      </button>
    </div>
  );
}
