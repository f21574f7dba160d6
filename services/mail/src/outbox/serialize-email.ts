// The email row as the API shows it (spec section 3, Email log).
import type { EmailLog } from '@mailwright/contracts';
import type { EmailRow } from '../db/schema/emails';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function serializeEmail(row: EmailRow): EmailLog {
  return {
    _id: row.id,
    id: row.id,
    from: row.fromEmail,
    fromName: row.fromName,
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    subject: row.subject,
    body: row.body,
    status: row.status,
    createdAt: iso(row.createdAt) as string,
    sentAt: iso(row.sentAt),
    scheduledAt: iso(row.scheduledAt),
    timezone: row.timezone,
    analytics: {
      opened: row.opened,
      openedAt: iso(row.openedAt),
      clicked: row.clicked,
      clickedAt: iso(row.clickedAt),
      replied: row.repliedAt !== null,
      repliedAt: iso(row.repliedAt),
    },
    error: row.error,
    messageId: row.messageId,
    emailAccountId: row.emailAccountId,
    senderPoolId: row.senderPoolId,
    templateId: row.templateId,
    // Only while the email still waits: a held row's hold is cleared by its next outcome.
    hold:
      row.holdReason && (row.status === 'queued' || row.status === 'sending')
        ? { reason: row.holdReason, until: iso(row.holdUntil) }
        : null,
    bounce: row.bounce,
    suppressed: row.suppressed,
    repliedAt: iso(row.repliedAt),
    reply: row.reply,
    unsubscribe: row.unsubscribe,
    text: row.text,
    replyTo: row.replyTo,
    headers: row.headers,
    tags: row.tags,
  };
}
