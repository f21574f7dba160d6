// /signup: full name, email, password; success hands the verify message to /login (spec sections 2, 5, 8).
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api';
import { AuthCard } from '../../components/auth-card';
import { buttonStyles, linkStyles } from '../../components/styles';
import { TextField } from '../../components/text-field';
import { useAuth } from '../../features/auth';
import { SocialSignInButtons } from '../../features/auth/social-sign-in-buttons';
import type { LoginHandover } from './login';

export const SIGNUP_SUCCESS = 'Account created! Please check your email to verify your account before logging in.';
export const SIGNUP_FAILED = 'Signup failed';
export const MIN_PASSWORD_LENGTH = 6;

export function SignupPage() {
  const { signup } = useAuth();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      await signup({ name, email, password });
      const handover: LoginHandover = { message: SIGNUP_SUCCESS };
      void navigate('/login', { state: handover });
    } catch (error) {
      toast.error(errorMessage(error, SIGNUP_FAILED));
      setIsSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start sending with Mailwright for free"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkStyles}>
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={handleSubmit} className="space-y-5">
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Jane Doe"
        />
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
        <TextField
          label="Password"
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
          {isSubmitting ? 'Creating account...' : 'Create account'}
        </button>
      </form>
      <SocialSignInButtons />
    </AuthCard>
  );
}
