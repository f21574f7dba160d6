// Add address dialog: one address, checked here first; the server's 400 is shown beside the field too.
import { type FormEvent, useId, useState } from 'react';
import { FormField } from '../../components/form-field';
import { inputStyles } from '../../components/styles';
import { FormDialog } from '../layout/form-dialog';
import { EMAIL_MAX_CHARS, suppressionEmailError } from './suppression-email';

interface Props {
  isSaving: boolean;
  /** The server's refusal of the last submitted address (cleared when the field changes). */
  serverError: string | null;
  onAdd: (email: string) => void;
  onClose: () => void;
}

export function AddSuppressionDialog({ isSaving, serverError, onAdd, onClose }: Props) {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [seenServerError, setSeenServerError] = useState(serverError);

  if (serverError !== seenServerError) {
    setSeenServerError(serverError);
    if (serverError) setError(serverError);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = suppressionEmailError(email);
    setError(problem);
    if (!problem) onAdd(email.trim());
  }

  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <FormDialog
      title="Add to Suppression List"
      onClose={onClose}
      formId="add-suppression-form"
      formClassName="grid gap-4"
      onSubmit={submit}
      confirmLabel="Add Address"
      busyLabel="Adding..."
      isBusy={isSaving}
    >
      <FormField label="Email address" htmlFor={inputId}>
        <input
          id={inputId}
          type="text"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={EMAIL_MAX_CHARS + 10}
          placeholder="name@example.com"
          className={`${inputStyles} ${error ? 'border-red-400 focus:border-red-500 focus:ring-red-500/40' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <p id={errorId} className="mt-1 text-xs font-medium text-red-700" role="alert">
            {error}
          </p>
        )}
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          Emails to this address are skipped from now on, from every one of your accounts.
        </p>
      </FormField>
    </FormDialog>
  );
}
