// /auth/callback: the end of social sign-in. ?code=… is a one-time code traded for a session (POST
// /api/auth/exchange); a browser signed in as someone else is asked before switching. ?error=… explains and
// goes to /login. A token in the address is never accepted: anyone could send such a link.
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authApi, type LoginResponse } from '../../api';
import { FullPageSpinner } from '../../components/spinner';
import { useAuth } from '../../features/auth';
import { SwitchAccountDialog } from '../../features/auth/switch-account-dialog';

export const OAUTH_SIGNED_IN = 'Successfully signed in!';
export const OAUTH_NO_TOKEN = 'No token received from OAuth provider';
export const OAUTH_FAILED = 'OAuth authentication failed. Please try again.';

const callbackErrors: Record<string, string> = {
  invalid_state: 'Invalid OAuth state. Please try again.',
  oauth_config_error: 'OAuth is not configured properly on the server.',
  oauth_failed: OAUTH_FAILED,
  // The provider did not vouch for the address: the new account verifies by mail like a sign-up.
  email_not_verified: 'Please verify your email before logging in. Check your inbox for the verification link.',
};

/** The notice for an error code from the provider round trip; unknown codes read as a failed sign-in. */
export function callbackErrorMessage(code: string): string {
  return callbackErrors[code] ?? OAUTH_FAILED;
}

export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, user, adoptSession } = useAuth();
  const isExchanged = useRef(false);
  const isFinished = useRef(false);
  const [pending, setPending] = useState<LoginResponse | null>(null);
  const code = params.get('code');
  const error = params.get('error');

  const toLogin = useCallback(
    (message: string) => {
      toast.error(message);
      void navigate('/login', { replace: true });
    },
    [navigate],
  );

  const finish = useCallback(
    (session: LoginResponse) => {
      if (isFinished.current) return;
      isFinished.current = true;
      adoptSession(session);
      toast.success(OAUTH_SIGNED_IN);
      void navigate('/dashboard', { replace: true });
    },
    [adoptSession, navigate],
  );

  useEffect(() => {
    if (isExchanged.current) return;
    isExchanged.current = true;
    if (error) toLogin(callbackErrorMessage(error));
    else if (!code) toLogin(OAUTH_NO_TOKEN);
    else {
      authApi
        .exchangeSignInCode(code)
        .then(setPending)
        .catch(() => toLogin(OAUTH_FAILED));
    }
  }, [error, code, toLogin]);

  const isSomeoneElseSignedIn = pending !== null && status === 'authenticated' && user !== null && user.id !== pending.user.id;

  useEffect(() => {
    // Wait until the stored session (if any) is known, and for the person's answer when it is someone else's.
    if (!pending || status === 'loading' || isSomeoneElseSignedIn) return;
    finish(pending);
  }, [pending, status, isSomeoneElseSignedIn, finish]);

  if (isSomeoneElseSignedIn && pending && user) {
    return (
      <SwitchAccountDialog
        currentEmail={user.email}
        nextEmail={pending.user.email}
        onContinue={() => finish(pending)}
        onStay={() => {
          isFinished.current = true;
          void navigate('/dashboard', { replace: true });
        }}
      />
    );
  }
  return <FullPageSpinner />;
}
