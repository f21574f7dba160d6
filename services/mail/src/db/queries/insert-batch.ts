// A batch of accepted emails: ONE statement takes the quota for all of them (or none), then the rows are
// inserted in the same transaction, so concurrent batches and single sends can never pass the limit together.
import type pg from 'pg';
import type { EmailRow } from '../schema/emails';
import { EMAIL_COLUMNS } from './email-columns';
import { emailInsertValues, INSERT_COLUMNS, INSERT_PARAMS, type NewEmail } from './new-email';

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
INSERT INTO mail.emails ${INSERT_COLUMNS}
VALUES (${INSERT_PARAMS})
RETURNING ${EMAIL_COLUMNS}`;

export async function insertEmail(client: pg.Pool | pg.PoolClient, email: NewEmail): Promise<EmailRow> {
  const result = await client.query<EmailRow>({
    name: 'mail_insert_email_plain',
    text: INSERT,
    values: emailInsertValues(email),
  });
  return result.rows[0] as EmailRow;
}
