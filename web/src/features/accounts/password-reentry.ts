// When an SMTP edit must carry the password again: the server refuses to verify the stored password
// against another host, port or username (it would hand the secret to a server of the editor's choosing),
// so the dialog says so before submit instead of after.
import { PASSWORD_REENTRY_MESSAGE } from '@mailwright/contracts';
import type { EmailAccount } from '../../api';

export const PASSWORD_REENTRY_HINT = PASSWORD_REENTRY_MESSAGE;
export const KEEP_PASSWORD_HINT = 'Leave empty to keep the current password';

export interface SmtpTargetFields {
  host: string;
  port: string;
  username: string;
}

/** True when the form would send the password elsewhere than the stored account (same rule as the server's). */
export function changesPasswordTarget(account: EmailAccount, form: SmtpTargetFields): boolean {
  const stored = account.smtpConfig;
  if (!stored) return true;
  return (
    stored.host.toLowerCase() !== form.host.trim().toLowerCase() ||
    String(stored.port) !== String(Number(form.port)) ||
    stored.username !== form.username.trim()
  );
}
