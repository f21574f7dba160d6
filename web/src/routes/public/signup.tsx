// /signup: full name, email, password; success hands the verify message to /login (spec sections 2, 5, 8).
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api';
import { AuthCard } from '../../components/auth-card';
import { TextField } from '../../components/text-field';
import { useAuth } from '../../features/auth';
import { EmailAddressField, NewPasswordField } from '../../features/auth/auth-fields';
import { AuthForm } from '../../features/auth/auth-form';
import { AuthSwitchLink } from '../../features/auth/auth-links';
import { SocialSignInButtons } from '../../features/auth/social-sign-in-buttons';
import type { LoginHandover } from './login';

export const SIGNUP_SUCCESS = 'Account created! Please check your email to verify your account before logging in.';
export const SIGNUP_FAILED = 'Signup failed';

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
      footer={<AuthSwitchLink question="Already have an account?" to="/login" label="Sign in" />}
    >
      <AuthForm onSubmit={handleSubmit} isSubmitting={isSubmitting} submitLabel="Create account" busyLabel="Creating account...">
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Jane Doe"
        />
        <EmailAddressField value={email} onChange={setEmail} />
        <NewPasswordField label="Password" value={password} onChange={setPassword} />
      </AuthForm>
      <SocialSignInButtons />
    </AuthCard>
  );
}
