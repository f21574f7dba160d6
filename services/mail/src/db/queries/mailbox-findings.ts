// What the feedback reader records for the emails a sender's mailbox talks about: the email event (once per
// mailbox message: the source id makes a message read twice count once), the email's new state, and the
// suppression it causes.
import type { EmailBounce, EmailReply } from '@mailwright/contracts';
import type pg from 'pg';
import { createdRange, createdWithin } from '../email-ids';
import type { EmailEventType } from '../schema/email-events';

export interface FoundEmail {
  id: string;
  userId: string;
  status: string;
  to: string[];
  cc: string[];
  bcc: string[];
}

/** The emails among ids that this account sent for this user (a message in one mailbox never touches another's). */
export async function findMailboxEmails(
  pool: pg.Pool,
  mailbox: { accountId: string; userId: string },
  ids: readonly string[],
): Promise<FoundEmail[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<FoundEmail>({
    name: 'mail_find_mailbox_emails',
    text: `SELECT id, user_id AS "userId", status, "to", cc, bcc FROM mail.emails
      WHERE id = ANY($1::uuid[]) AND ${createdWithin('created_at', '$4', '$5')} AND user_id = $2 AND email_account_id = $3`,
    values: [ids, mailbox.userId, mailbox.accountId, ...createdRange(ids)],
  });
  return rows;
}

export interface MailboxEvent {
  emailId: string;
  userId: string;
  type: Extract<EmailEventType, 'bounce' | 'delay' | 'complaint' | 'reply' | 'unsubscribe'>;
  sourceId: string;
  detail: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * True when the event is new; false when this message was already recorded for the email. The client must be in a
 * transaction: the advisory lock (held to its end) makes a concurrent reading of the same message wait and then see
 * this one's row. No unique index does it since email_events is partitioned by occurred_at (drizzle/0009).
 */
export async function insertMailboxEvent(client: pg.PoolClient, event: MailboxEvent): Promise<boolean> {
  await client.query({
    name: 'mail_lock_mailbox_event',
    text: `SELECT pg_advisory_xact_lock(hashtextextended($1::text || '/' || $2 || '/' || $3, 0))`,
    values: [event.emailId, event.type, event.sourceId],
  });
  const result = await client.query({
    name: 'mail_insert_mailbox_event',
    text: `INSERT INTO mail.email_events (email_id, user_id, type, source_id, detail, occurred_at)
      SELECT $1::uuid, $2::uuid, $3::text, $4::text, $5::jsonb, $6::timestamptz
      WHERE NOT EXISTS (SELECT 1 FROM mail.email_events WHERE email_id = $1 AND type = $3 AND source_id = $4)`,
    values: [event.emailId, event.userId, event.type, event.sourceId, JSON.stringify(event.detail), event.occurredAt],
  });
  return (result.rowCount ?? 0) > 0;
}

/** A sent email becomes bounced; true when it changed. */
export async function markBounced(client: pg.PoolClient, emailId: string, bounce: EmailBounce): Promise<boolean> {
  const result = await client.query({
    name: 'mail_mark_bounced',
    text: `UPDATE mail.emails SET status = 'bounced', bounce = $2, updated_at = now() WHERE id = $1 AND status = 'sent'`,
    values: [emailId, JSON.stringify(bounce)],
  });
  return (result.rowCount ?? 0) > 0;
}

/** The first reply is kept; true when this was it. */
export async function markReplied(client: pg.PoolClient, emailId: string, reply: EmailReply, at: Date): Promise<boolean> {
  const result = await client.query({
    name: 'mail_mark_replied',
    text: `UPDATE mail.emails SET replied_at = $3, reply = $2, updated_at = now() WHERE id = $1 AND replied_at IS NULL`,
    values: [emailId, JSON.stringify(reply), at],
  });
  return (result.rowCount ?? 0) > 0;
}

/** The first unsubscribe is kept; true when this was it. */
export async function markUnsubscribed(executor: pg.Pool | pg.PoolClient, emailId: string): Promise<boolean> {
  const result = await executor.query({
    name: 'mail_mark_unsubscribed',
    text: 'UPDATE mail.emails SET unsubscribed_at = now(), updated_at = now() WHERE id = $1 AND unsubscribed_at IS NULL',
    values: [emailId],
  });
  return (result.rowCount ?? 0) > 0;
}

export interface UnsubscribeTarget {
  id: string;
  userId: string;
  to: string[];
  cc: string[];
  bcc: string[];
  fromEmail: string;
  fromName: string | null;
  unsubscribe: boolean;
}

export async function findUnsubscribeTarget(pool: pg.Pool, emailId: string): Promise<UnsubscribeTarget | null> {
  const { rows } = await pool.query<UnsubscribeTarget>({
    name: 'mail_find_unsubscribe_target',
    text: `SELECT id, user_id AS "userId", "to", cc, bcc, from_email AS "fromEmail", from_name AS "fromName", unsubscribe
      FROM mail.emails WHERE id = $1`,
    values: [emailId],
  });
  return rows[0] ?? null;
}
