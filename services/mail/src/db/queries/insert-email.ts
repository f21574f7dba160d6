// Accepting an email: the quota check-and-increment and the email insert are ONE statement, so concurrent
// sends can never pass the limit (the upsert's WHERE is re-checked on the locked row), and an email is
// stored only when its quota unit was taken. With an Idempotency-Key it runs inside the key's transaction.
import type pg from 'pg';
import type { EmailRow, EmailStatus } from '../schema/emails';
import { EMAIL_COLUMNS } from './email-columns';

export interface NewEmail {
  id: string;
  userId: string;
  emailAccountId: string;
  templateId: string | null;
  apiKeyId: string | null;
  fromEmail: string;
  fromName: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  isHtml: boolean;
  links: string[];
  status: Extract<EmailStatus, 'queued' | 'scheduled'>;
  messageId: string;
  timezone: string | null;
  scheduledAt: Date | null;
  quotaMonth: string;
  /** The queue job that will send it (sendJobId(id), or the batch job it was accepted into). */
  jobId: string;
}

/** The email columns an insert sets, in the order of emailInsertValues (parameters $1–$20). */
export const INSERT_COLUMN_NAMES = [
  'id',
  'user_id',
  'email_account_id',
  'template_id',
  'api_key_id',
  'from_email',
  'from_name',
  'to',
  'cc',
  'bcc',
  'subject',
  'body',
  'is_html',
  'links',
  'status',
  'message_id',
  'timezone',
  'scheduled_at',
  'quota_month',
  'job_id',
] as const;
export const INSERT_COLUMNS = `(${INSERT_COLUMN_NAMES.map((name) => `"${name}"`).join(', ')})`;
export const INSERT_PARAMS = INSERT_COLUMN_NAMES.map((_, i) => `$${i + 1}`).join(', ');

export function emailInsertValues(email: NewEmail): unknown[] {
  return [
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
    email.jobId,
  ];
}

const INSERT_WITH_QUOTA = `
WITH quota AS (
  INSERT INTO mail.quota_usage AS q (user_id, month, used, email_limit)
  SELECT $2::uuid, $19::text, 1, $21::int WHERE $21::int = -1 OR $21::int >= 1
  ON CONFLICT (user_id, month) DO UPDATE
    SET used = q.used + 1, email_limit = excluded.email_limit, updated_at = now()
    WHERE excluded.email_limit = -1 OR q.used + 1 <= excluded.email_limit
  RETURNING 1
)
INSERT INTO mail.emails ${INSERT_COLUMNS}
SELECT ${INSERT_PARAMS} FROM quota
RETURNING ${EMAIL_COLUMNS}`;

/** The stored row, or null when the user's monthly limit is reached. */
export async function insertEmailWithQuota(
  executor: pg.Pool | pg.PoolClient,
  email: NewEmail,
  monthlyLimit: number,
): Promise<EmailRow | null> {
  const result = await executor.query<EmailRow>({
    name: 'mail_insert_email_with_quota',
    text: INSERT_WITH_QUOTA,
    values: [...emailInsertValues(email), monthlyLimit],
  });
  return result.rows[0] ?? null;
}
