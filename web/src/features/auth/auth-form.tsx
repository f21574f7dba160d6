// The form inside an AuthCard (login, signup, forgot and reset password): its fields, then the full-width
// submit button that says what it is doing while the request runs.
import type { FormEvent, ReactNode } from 'react';
import { buttonStyles } from '../../components/styles';

interface AuthFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isSubmitting: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
  /** Shown under the button (e.g. the 'reset link is on its way' note). */
  after?: ReactNode;
}

export function AuthForm({ onSubmit, isSubmitting, submitLabel, busyLabel, children, after }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} className="space-y-5">
      {children}
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </button>
      {after}
    </form>
  );
}
