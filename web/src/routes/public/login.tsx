// /login: email + password, Remember me, Forgot password, social sign-in (spec sections 2, 5, 8).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api';
import { AuthCard } from '../../components/auth-card';
import { focusRing, linkStyles } from '../../components/styles';
import { TextField } from '../../components/text-field';
import { useAuth } from '../../features/auth';
import { EmailAddressField } from '../../features/auth/auth-fields';
import { AuthForm } from '../../features/auth/auth-form';
import { AuthSwitchLink } from '../../features/auth/auth-links';
import { ResendVerificationButton } from '../../features/auth/resend-verification-button';
import { SocialSignInButtons } from '../../features/auth/social-sign-in-buttons';
import { LONG_NOTICE_MS } from '../../features/notices/notice-settings';

export const LOGIN_SUCCESS = 'Login successful!';
export const LOGIN_FAILED = 'Login failed';

/** A message a previous screen hands over in router state, e.g. after signup. */
export interface LoginHandover {
  message?: string;
  /** Why the link the user followed did not work and how to get a new one: shown above the form until they leave. */
  linkProblem?: string;
}

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  /** The address a sign-in was refused for because it is not verified yet (offers a new link). */
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const shownHandover = useRef<string | null>(null);

  const handover = (location.state as LoginHandover | null)?.message;
  const linkProblem = (location.state as LoginHandover | null)?.linkProblem;
  useEffect(() => {
    if (!handover || shownHandover.current === handover) return;
    shownHandover.current = handover;
    toast.success(handover, { id: 'login-handover', duration: LONG_NOTICE_MS });
  }, [handover]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      await login({ email, password, rememberMe });
      toast.success(LOGIN_SUCCESS);
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      const message = errorMessage(error, LOGIN_FAILED);
      if (error instanceof ApiError && (error.requiresVerification || error.code === 'EMAIL_NOT_VERIFIED')) {
        toast.error(message, { duration: LONG_NOTICE_MS });
        setUnverifiedEmail(email);
      } else {
        toast.error(message);
        setUnverifiedEmail(null);
      }
      setIsSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your Mailwright account"
      footer={<AuthSwitchLink question="Don't have an account?" to="/signup" label="Sign up" />}
    >
      <AuthForm onSubmit={handleSubmit} isSubmitting={isSubmitting} submitLabel="Sign in" busyLabel="Signing in...">
        {linkProblem && (
          <p
            className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            role="status"
            data-testid="link-problem"
          >
            {linkProblem}
          </p>
        )}
        {unverifiedEmail && <ResendVerificationButton email={unverifiedEmail} />}
        <EmailAddressField value={email} onChange={setEmail} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="rememberMe"
              checked={rememberMe}
              onChange={(e) => setRememberMe(e.target.checked)}
              className={`h-4 w-4 rounded border-slate-300 text-indigo-600 ${focusRing}`}
            />
            Remember me
          </label>
          <Link to="/forgot-password" className={`text-sm ${linkStyles}`}>
            Forgot password?
          </Link>
        </div>
      </AuthForm>
      <SocialSignInButtons />
    </AuthCard>
  );
}
