// IMAP settings of an SMTP account (issue 21). Unset parts fall back to the SMTP account: the SMTP host on
// port 993 with TLS, the SMTP username and password. A stored IMAP password is sealed like the SMTP one.
import { DEFAULT_IMAP_PORT, type UpdateFeedbackBody } from '@mailwright/contracts';
import { AppError, type SecretBox } from '@mailwright/kit';
import { checkTargetHost } from '../adapters/check-target-host';
import type { Config } from '../config';
import type { EmailAccountRow } from '../db/tables';

export type ImapForm = NonNullable<UpdateFeedbackBody['imap']>;

type ImapColumns = Pick<EmailAccountRow, 'imapHost' | 'imapPort' | 'imapSecure' | 'imapUsername' | 'imapPasswordSealed'>;

/** Plain IMAP's port: without TLS from the first byte unless the user says otherwise. */
const PLAIN_IMAP_PORT = 143;

export const DEFAULT_IMAP_COLUMNS: ImapColumns = {
  imapHost: null,
  imapPort: null,
  imapSecure: null,
  imapUsername: null,
  imapPasswordSealed: null,
};

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { details: { field } });

function parseImapPort(port: ImapForm['port']): number {
  if (port === undefined || port === '') return DEFAULT_IMAP_PORT;
  const value = typeof port === 'number' ? port : Number.parseInt(port, 10);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw invalid('imap.port', 'imap.port must be a number between 1 and 65535');
  }
  return value;
}

/**
 * The columns for a submitted IMAP form: the host must pass the same check as an SMTP host; a username or
 * password left out stays unset (the SMTP one is used), except that a left-out password keeps a stored one.
 */
export async function imapColumnsOf(
  form: ImapForm,
  current: ImapColumns,
  deps: { box: SecretBox; config: Pick<Config, 'ALLOW_PRIVATE_TARGETS'> },
): Promise<ImapColumns> {
  const host = form.host.trim();
  if (!host) throw invalid('imap.host', 'imap.host is required');
  try {
    await checkTargetHost(host, deps.config.ALLOW_PRIVATE_TARGETS, undefined, 'IMAP');
  } catch (error) {
    if (error instanceof AppError) throw invalid('imap.host', error.message);
    throw error;
  }
  const port = parseImapPort(form.port);
  return {
    imapHost: host,
    imapPort: port,
    imapSecure: form.secure ?? port !== PLAIN_IMAP_PORT,
    imapUsername: form.username?.trim() || null,
    imapPasswordSealed: form.password !== undefined ? deps.box.seal(form.password) : current.imapPasswordSealed,
  };
}

export function sameImapColumns(a: ImapColumns, b: ImapColumns): boolean {
  return (
    a.imapHost === b.imapHost &&
    a.imapPort === b.imapPort &&
    a.imapSecure === b.imapSecure &&
    a.imapUsername === b.imapUsername &&
    a.imapPasswordSealed === b.imapPasswordSealed
  );
}

/** How the mail worker signs in to read the mailbox: the stored settings with the SMTP account's as defaults. */
export function mailboxImapOf(
  row: ImapColumns & Pick<EmailAccountRow, 'smtpHost' | 'smtpUsername' | 'secretSealed'>,
  box: SecretBox,
) {
  return {
    host: row.imapHost ?? row.smtpHost ?? '',
    port: row.imapPort ?? DEFAULT_IMAP_PORT,
    secure: row.imapSecure ?? true,
    username: row.imapUsername ?? row.smtpUsername ?? '',
    password: box.open(row.imapPasswordSealed ?? row.secretSealed),
  };
}

/** A stored IMAP password sealed with the current key, for saves that reseal the account's secrets. */
export function resealedImapPassword(row: Pick<EmailAccountRow, 'imapPasswordSealed'>, box: SecretBox) {
  return { imapPasswordSealed: row.imapPasswordSealed === null ? null : box.seal(box.open(row.imapPasswordSealed)) };
}
