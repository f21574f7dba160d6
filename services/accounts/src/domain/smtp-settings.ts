// Normalises the SMTP form (spec section 5): port defaults to 587, secure to false, the display name to the address.
import { DEFAULT_SMTP_PORT } from '@mailwright/contracts';
import { AppError, type SecretBox } from '@mailwright/kit';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
}

export interface SmtpForm {
  displayName?: string;
  host: string;
  port?: number | string;
  secure?: boolean;
  username: string;
}

export function parsePort(port: number | string | undefined): number {
  if (port === undefined || port === '') return DEFAULT_SMTP_PORT;
  const value = typeof port === 'number' ? port : Number.parseInt(port, 10);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new AppError('VALIDATION_ERROR', 'port must be a number between 1 and 65535');
  }
  return value;
}

export function readSmtpForm(form: SmtpForm, password: string): SmtpSettings {
  const host = form.host.trim();
  const username = form.username.trim();
  if (!host) throw new AppError('VALIDATION_ERROR', 'host is required');
  if (!username) throw new AppError('VALIDATION_ERROR', 'username is required');
  return { host, port: parsePort(form.port), secure: form.secure ?? false, username, password };
}

export function displayNameOf(form: { displayName?: string }, email: string): string {
  return form.displayName?.trim() || email;
}

/** The row's SMTP columns for `settings`, the password sealed with the current key. */
export function sealedSmtpColumns(settings: SmtpSettings, box: SecretBox) {
  return {
    smtpHost: settings.host,
    smtpPort: settings.port,
    smtpSecure: settings.secure,
    smtpUsername: settings.username,
    secretSealed: box.seal(settings.password),
    secretKeyId: box.keyId,
  };
}
