// GET /compat/resend/emails/{id}: one of the user's emails in Resend's shape. `last_event` is the furthest the email
// got: its status, or opened/clicked once a sent email was read.
import { MAIL_MESSAGES, type ResendEmail } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { findEmail } from '../db/queries/list-emails';
import type { EmailRow } from '../db/schema/emails';
import type { EmailLogDeps } from './deps';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function lastEventOf(row: Pick<EmailRow, 'status' | 'opened' | 'clicked'>): ResendEmail['last_event'] {
  switch (row.status) {
    case 'queued':
    case 'sending':
      return 'queued';
    case 'sent':
      return row.clicked ? 'clicked' : row.opened ? 'opened' : 'sent';
    case 'cancelled':
      return 'canceled';
    default:
      return row.status;
  }
}

export function toResendEmail(row: EmailRow): ResendEmail {
  return {
    object: 'email',
    id: row.id,
    to: row.to,
    from: row.fromName ? `${row.fromName} <${row.fromEmail}>` : row.fromEmail,
    created_at: iso(row.createdAt) as string,
    subject: row.subject,
    html: row.isHtml ? row.body : null,
    text: row.isHtml ? row.text : row.body,
    bcc: row.bcc,
    cc: row.cc,
    reply_to: row.replyTo,
    last_event: lastEventOf(row),
    scheduled_at: iso(row.scheduledAt),
    message_id: row.messageId,
    tags: row.tags,
  };
}

export async function getResendEmail(deps: Pick<EmailLogDeps, 'db'>, userId: string, id: string): Promise<ResendEmail> {
  const row = isUuid(id) ? await findEmail(deps.db, userId, id) : null;
  if (!row) throw new AppError('NOT_FOUND', MAIL_MESSAGES.emailNotFound);
  return toResendEmail(row);
}
