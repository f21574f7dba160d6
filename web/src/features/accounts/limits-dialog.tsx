// Sending Limits dialog (issue 20): messages a minute, messages a day and recipients a day for one sender.
// Blank = the provider default; each field says the default and the provider's ceiling, and an error (ours
// or the server's 400) is shown beside the field it is about.
import { type FormEvent, useId, useState } from 'react';
import type { EmailAccount, UpdateSenderLimitsBody } from '../../api';
import { FormField } from '../../components/form-field';
import { inputStyles } from '../../components/styles';
import { FormDialog } from '../layout/form-dialog';
import {
  describeBound,
  initialLimitsForm,
  LIMIT_FIELDS,
  type LimitErrors,
  type LimitsForm,
  limitBounds,
  readLimitsForm,
} from './limits-form';

interface Props {
  account: EmailAccount;
  isSaving: boolean;
  /** Errors the server answered, by field (cleared when that field changes). */
  serverErrors: LimitErrors | null;
  onSave: (body: UpdateSenderLimitsBody) => void;
  onClose: () => void;
}

export function LimitsDialog({ account, isSaving, serverErrors, onSave, onClose }: Props) {
  const idBase = useId();
  const [form, setForm] = useState<LimitsForm>(() => initialLimitsForm(account));
  const [errors, setErrors] = useState<LimitErrors>({});
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  const { defaults, ceilings } = limitBounds(account);

  // A new server answer replaces what the form said before.
  if (serverErrors !== seenServerErrors) {
    setSeenServerErrors(serverErrors);
    if (serverErrors) setErrors(serverErrors);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readLimitsForm(account, form);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    onSave(read.body);
  }

  return (
    <FormDialog
      title="Sending Limits"
      onClose={onClose}
      formId="sender-limits-form"
      formClassName="grid grid-cols-1 gap-4"
      onSubmit={submit}
      confirmLabel="Save Limits"
      busyLabel="Saving..."
      isBusy={isSaving}
    >
      <p className="text-sm text-slate-600">
        Limits for <span className="font-medium text-slate-900">{account.email}</span>. Leave a field blank to use the provider
        default. Emails over a limit are held and go out when capacity returns; none fail.
      </p>
      {LIMIT_FIELDS.map(({ field, label, unit }) => {
        const inputId = `${idBase}-${field}`;
        const hintId = `${inputId}-hint`;
        const errorId = `${inputId}-error`;
        const error = errors[field];
        const current = account.limits?.[field];
        return (
          <FormField key={field} label={label} htmlFor={inputId}>
            <input
              id={inputId}
              name={field}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={defaults[field] === null ? 'No limit' : `Default: ${defaults[field]?.toLocaleString('en-US')}`}
              className={`${inputStyles} ${error ? 'border-red-400 focus:border-red-500 focus:ring-red-500/40' : ''}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              value={form[field]}
              onChange={(event) => {
                const value = event.target.value;
                setForm((previous) => ({ ...previous, [field]: value }));
                setErrors(({ [field]: _cleared, ...rest }) => rest);
              }}
            />
            {error && (
              <p id={errorId} className="mt-1 text-xs font-medium text-red-700" role="alert">
                {error}
              </p>
            )}
            <p id={hintId} className="mt-1 text-xs text-slate-500">
              {describeBound(defaults[field], ceilings[field], unit)}
              {current !== undefined && ` · now ${current === null ? 'no limit' : current.toLocaleString('en-US')}`}
            </p>
          </FormField>
        );
      })}
    </FormDialog>
  );
}
