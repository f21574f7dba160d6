// /auth/callback: the end of social sign-in. ?token=… signs in; ?error=… explains and goes to /login.
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullPageSpinner } from '../../components/spinner';
import { useAuth } from '../../features/auth';

export const OAUTH_SIGNED_IN = 'Successfully signed in!';
export const OAUTH_NO_TOKEN = 'No token received from OAuth provider';
export const OAUTH_FAILED = 'OAuth authentication failed. Please try again.';

const callbackErrors: Record<string, string> = {
  invalid_state: 'Invalid OAuth state. Please try again.',
  oauth_config_error: 'OAuth is not configured properly on the server.',
  oauth_failed: OAUTH_FAILED,
};

/** The notice for an error code from the provider round trip; unknown codes read as a failed sign-in. */
export function callbackErrorMessage(code: string): string {
  return callbackErrors[code] ?? OAUTH_FAILED;
}

export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signInWithToken } = useAuth();
  const handled = useRef(false);
  const token = params.get('token');
  const error = params.get('error');

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const toLogin = (message: string) => {
      toast.error(message);
      void navigate('/login', { replace: true });
    };
    if (error) {
      toLogin(callbackErrorMessage(error));
    } else if (!token) {
      toLogin(OAUTH_NO_TOKEN);
    } else {
      signInWithToken(token)
        .then(() => {
          toast.success(OAUTH_SIGNED_IN);
          void navigate('/dashboard', { replace: true });
        })
        .catch(() => toLogin(OAUTH_FAILED));
    }
  }, [error, token, navigate, signInWithToken]);

  return <FullPageSpinner />;
}
