// A batch of accepted emails: ONE statement takes the quota for all of them (or none), then the rows are
// inserted in the same transaction, so concurrent batches and single sends can never pass the limit together.
import type pg from 'pg';
import type { EmailRow } from '../schema/emails';
import { EMAIL_COLUMNS } from './email-columns';
import type { NewEmail } from './insert-email';

const TAKE_QUOTA = `
INSERT INTO mail.quota_usage AS q (user_id, month, used, email_limit)
SELECT $1::uuid, $2::text, $3::int, $4::int WHERE $4::int = -1 OR $3::int <= $4::int
ON CONFLICT (user_id, month) DO UPDATE
  SET used = q.used + excluded.used, email_limit = excluded.email_limit, updated_at = now()
  WHERE excluded.email_limit = -1 OR q.used + excluded.used <= excluded.email_limit
RETURNING used`;

/** True when `count` units were taken from the month's quota; false (nothing taken) when they do not fit. */
export async function takeQuota(
  client: pg.PoolClient,
  userId: string,
  month: string,
  count: number,
  monthlyLimit: number,
): Promise<boolean> {
  const result = await client.query(TAKE_QUOTA, [userId, month, count, monthlyLimit]);
  return (result.rowCount ?? 0) > 0;
}

const INSERT = `
INSERT INTO mail.emails (id, user_id, email_account_id, template_id, api_key_id, from_email, from_name, "to", cc, bcc,
  subject, body, is_html, links, status, message_id, timezone, scheduled_at, quota_month)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
RETURNING ${EMAIL_COLUMNS}`;

export async function insertEmail(client: pg.PoolClient, email: NewEmail): Promise<EmailRow> {
  const result = await client.query<EmailRow>({
    name: 'mail_insert_email_plain',
    text: INSERT,
    values: [
      email.id,
      email.userId,
      email.emailAccountId,
      email.templateId,
      email.apiKeyId,
      email.fromEmail,
      email.fromName,
      email.to,
      email.cc,
      email.bcc,
      email.subject,
      email.body,
      email.isHtml,
      email.links,
      email.status,
      email.messageId,
      email.timezone,
      email.scheduledAt,
      email.quotaMonth,
    ],
  });
  return result.rows[0] as EmailRow;
}
