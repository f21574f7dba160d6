// /verify-email/:token: verifies once on load (StrictMode runs effects twice), then /login after 2 s. A link
// that no longer works says why and how to get a new one, here and on /login where the user can act on it.
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { authApi } from '../../api';
import { AuthCard } from '../../components/auth-card';
import { Spinner } from '../../components/spinner';
import { linkStyles } from '../../components/styles';
import { type LinkFailure, linkFailure } from '../../features/auth/link-failure';
import type { LoginHandover } from './login';

export const VERIFY_SUCCESS = 'Email verified successfully!';
export const VERIFY_FAILED = 'Verification failed';
export const VERIFY_REDIRECT_MS = 2000;

type Outcome = 'pending' | 'verified' | 'failed';

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>('pending');
  const [problem, setProblem] = useState<LinkFailure | null>(null);
  const requestedFor = useRef<string | null>(null);

  useEffect(() => {
    if (requestedFor.current === token) return;
    requestedFor.current = token;
    authApi
      .verifyEmail(token)
      .then(() => {
        toast.success(VERIFY_SUCCESS);
        setOutcome('verified');
      })
      .catch((error: unknown) => {
        toast.error(VERIFY_FAILED);
        setProblem(linkFailure(error, 'verify'));
        setOutcome('failed');
      });
  }, [token]);

  useEffect(() => {
    if (outcome === 'pending') return;
    const handover: LoginHandover | undefined = problem ? { linkProblem: `${problem.reason} ${problem.advice}` } : undefined;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true, state: handover }), VERIFY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, navigate, problem]);

  return (
    <AuthCard title="Email verification">
      <div className="flex flex-col items-center gap-4 py-4 text-center" aria-live="polite">
        {outcome === 'pending' && (
          <>
            <Spinner label="Verifying your email" />
            <p className="text-slate-600">Verifying your email…</p>
          </>
        )}
        {outcome === 'verified' && <p className="font-medium text-emerald-700">{VERIFY_SUCCESS}</p>}
        {outcome === 'failed' && <p className="font-medium text-red-700">{VERIFY_FAILED}</p>}
        {problem && (
          <p className="text-sm text-slate-700" data-testid="link-problem">
            {problem.reason} {problem.advice}
          </p>
        )}
        {outcome !== 'pending' && (
          <p className="text-sm text-slate-600">
            Redirecting to{' '}
            <Link to="/login" className={linkStyles}>
              login
            </Link>
            …
          </p>
        )}
      </div>
    </AuthCard>
  );
}
