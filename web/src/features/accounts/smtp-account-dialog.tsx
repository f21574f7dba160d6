// Add SMTP / edit SMTP account dialog. Port defaults to 587; on edit the email is fixed and an empty
// password keeps the stored one (spec sections 3–5), unless the host, port or username changes.
import { DEFAULT_SMTP_PORT } from '@mailwright/contracts';
import { type FormEvent, useState } from 'react';
import type { CreateSmtpAccountBody, EmailAccount, UpdateSmtpAccountBody } from '../../api';
import { TextField } from '../../components/text-field';
import { FormAlert } from '../forms/form-alert';
import type { HumanError } from '../forms/human-error';
import { FormDialog } from '../layout/form-dialog';
import { changesPasswordTarget, KEEP_PASSWORD_HINT, PASSWORD_REENTRY_HINT } from './password-reentry';

/** What the dialog submits: a new account (password required), or an edit (no password keeps the stored one). */
export type SmtpAccountSave =
  | { kind: 'add'; body: CreateSmtpAccountBody }
  | { kind: 'edit'; accountId: string; body: UpdateSmtpAccountBody };

interface Props {
  account?: EmailAccount;
  isSaving: boolean;
  onSave: (save: SmtpAccountSave) => void;
  onClose: () => void;
  /** The server's objections: per field, or one about the whole account (a plan limit, a refused login). */
  errors?: { fields: Record<string, string>; alert: HumanError | null; clear: (field: string) => void };
}

/** Server body fields → labels of this dialog. */
export const SMTP_FIELDS = {
  email: 'Email',
  displayName: 'Display Name',
  host: 'SMTP Host',
  port: 'Port',
  username: 'Username',
  password: 'Password',
};

export function SmtpAccountDialog({ account, isSaving, onSave, onClose, errors }: Props) {
  const isEdit = account !== undefined;
  const [form, setForm] = useState({
    email: account?.email ?? '',
    displayName: account?.displayName ?? '',
    host: account?.smtpConfig?.host ?? '',
    port: String(account?.smtpConfig?.port ?? DEFAULT_SMTP_PORT),
    secure: account?.smtpConfig?.secure ?? false,
    username: account?.smtpConfig?.username ?? '',
    password: '',
  });
  const needsPassword = !isEdit || changesPasswordTarget(account, form);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    errors?.clear(field);
  };
  const fieldError = (field: keyof typeof SMTP_FIELDS) => errors?.fields[field];

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = {
      email: form.email.trim(),
      displayName: form.displayName.trim(),
      host: form.host.trim(),
      port: Number(form.port),
      secure: form.secure,
      username: form.username.trim(),
    };
    if (!isEdit) onSave({ kind: 'add', body: { ...fields, password: form.password } });
    else onSave({ kind: 'edit', accountId: account._id, body: form.password ? { ...fields, password: form.password } : fields });
  }

  return (
    <FormDialog
      title={isEdit ? 'Edit SMTP Account' : 'Add SMTP Account'}
      onClose={onClose}
      formId="smtp-account-form"
      formClassName="grid gap-4 sm:grid-cols-2"
      onSubmit={submit}
      confirmLabel={isEdit ? 'Update Account' : 'Add Account'}
      busyLabel="Saving..."
      isBusy={isSaving}
    >
      <div className="sm:col-span-2 empty:hidden">
        <FormAlert error={errors?.alert ?? null} />
      </div>
      <TextField
        label="Email"
        type="email"
        required
        value={form.email}
        onChange={set('email')}
        error={fieldError('email')}
        disabled={isEdit}
        className="sm:col-span-2"
      />
      <TextField
        label="Display Name"
        value={form.displayName}
        onChange={set('displayName')}
        error={fieldError('displayName')}
        className="sm:col-span-2"
      />
      <TextField
        label="SMTP Host"
        required
        value={form.host}
        onChange={set('host')}
        error={fieldError('host')}
        placeholder="smtp.example.com"
      />
      <TextField
        label="Port"
        type="number"
        inputMode="numeric"
        min={1}
        max={65535}
        required
        value={form.port}
        onChange={set('port')}
        error={fieldError('port')}
      />
      <TextField
        label="Username"
        required
        value={form.username}
        onChange={set('username')}
        error={fieldError('username')}
        autoComplete="off"
      />
      <TextField
        label="Password"
        type="password"
        required={needsPassword}
        value={form.password}
        onChange={set('password')}
        error={fieldError('password')}
        autoComplete="new-password"
        hint={isEdit ? (needsPassword ? PASSWORD_REENTRY_HINT : KEEP_PASSWORD_HINT) : undefined}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 text-indigo-600"
          checked={form.secure}
          onChange={(event) => setForm((current) => ({ ...current, secure: event.target.checked }))}
        />
        Use SSL/TLS (secure connection, usually on 465)
      </label>
    </FormDialog>
  );
}
