// IMAP settings of an SMTP account (issue 21): where its bounces and replies are read from. "Use the defaults"
// means the SMTP host on port 993 (TLS) with the SMTP sign-in (imap: null); otherwise host, port, TLS,
// username and a password, which left blank keeps the stored one (or the SMTP password).
import { DEFAULT_IMAP_PORT } from '@mailwright/contracts';
import { type FormEvent, useState } from 'react';
import type { EmailAccount, UpdateFeedbackBody } from '../../api';
import { TextField } from '../../components/text-field';
import { FormDialog } from '../layout/form-dialog';

interface Props {
  account: EmailAccount;
  isSaving: boolean;
  onSave: (body: UpdateFeedbackBody) => void;
  onClose: () => void;
}

const checkboxStyles = 'h-4 w-4 rounded border-slate-300 text-indigo-600';

export function ImapSettingsDialog({ account, isSaving, onSave, onClose }: Props) {
  const imap = account.feedback.imap;
  const [enabled, setEnabled] = useState(account.feedback.enabled);
  const [isCustom, setIsCustom] = useState(imap !== null);
  const [form, setForm] = useState({
    host: imap?.host ?? account.smtpConfig?.host ?? '',
    port: String(imap?.port ?? DEFAULT_IMAP_PORT),
    secure: imap?.secure ?? true,
    username: imap?.username ?? account.smtpConfig?.username ?? '',
    password: '',
  });
  const set = (field: 'host' | 'port' | 'username' | 'password') => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isCustom) return onSave({ enabled, imap: null });
    const settings: NonNullable<UpdateFeedbackBody['imap']> = {
      host: form.host.trim(),
      port: Number(form.port),
      secure: form.secure,
    };
    if (form.username.trim()) settings.username = form.username.trim();
    if (form.password) settings.password = form.password;
    onSave({ enabled, imap: settings });
  }

  return (
    <FormDialog
      title="IMAP Settings"
      onClose={onClose}
      formId="imap-settings-form"
      formClassName="grid gap-4 sm:grid-cols-2"
      onSubmit={submit}
      confirmLabel="Save Settings"
      busyLabel="Saving..."
      isBusy={isSaving}
    >
      <p className="text-sm text-slate-600 sm:col-span-2">
        Mailwright reads bounces and replies for <span className="font-medium text-slate-900">{account.email}</span> from its
        mailbox over IMAP. Only bounces and replies to emails it sent are looked at.
      </p>
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
        <input type="checkbox" className={checkboxStyles} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        Read bounces and replies from this mailbox
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
        <input type="checkbox" className={checkboxStyles} checked={isCustom} onChange={(e) => setIsCustom(e.target.checked)} />
        Use my own IMAP settings (otherwise the SMTP host on port 993 with TLS and the SMTP sign-in)
      </label>
      {isCustom && (
        <>
          <TextField label="IMAP Host" required value={form.host} onChange={set('host')} placeholder="imap.example.com" />
          <TextField
            label="IMAP Port"
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            required
            value={form.port}
            onChange={set('port')}
          />
          <TextField label="IMAP Username" value={form.username} onChange={set('username')} autoComplete="off" />
          <TextField
            label="IMAP Password"
            type="password"
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
            hint="Leave blank to keep the stored one (or use the SMTP password)."
          />
          <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
            <input
              type="checkbox"
              className={checkboxStyles}
              checked={form.secure}
              onChange={(e) => setForm((current) => ({ ...current, secure: e.target.checked }))}
            />
            Use TLS (usually on 993)
          </label>
        </>
      )}
    </FormDialog>
  );
}
