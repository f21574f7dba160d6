// Accepting an email: the quota check-and-increment and the email insert are ONE statement, so concurrent
// sends can never pass the limit (the upsert's WHERE is re-checked on the locked row), and an email is
// stored only when its quota unit was taken. With an Idempotency-Key it runs inside the key's transaction.
import type pg from 'pg';
import type { EmailRow } from '../schema/emails';
import { EMAIL_COLUMNS } from './email-columns';
import { emailInsertValues, INSERT_COLUMNS, INSERT_PARAMS, NEXT_PARAM, type NewEmail, paramOf } from './new-email';

export type { NewEmail } from './new-email';

const LIMIT = `$${NEXT_PARAM}`;

/**
 * The CTE taking the email's quota unit when `limit` (a placeholder: -1 is unlimited) allows one more: `quota` has a
 * row when it was taken. Shared with insert-email-alone.ts.
 */
export const takeQuotaUnit = (limit: string) => `quota AS (
  INSERT INTO mail.quota_usage AS q (user_id, month, used, email_limit)
  SELECT ${paramOf('userId')}::uuid, ${paramOf('quotaMonth')}::text, 1, ${limit}::int WHERE ${limit}::int = -1 OR ${limit}::int >= 1
  ON CONFLICT (user_id, month) DO UPDATE
    SET used = q.used + 1, email_limit = excluded.email_limit, updated_at = now()
    WHERE excluded.email_limit = -1 OR q.used + 1 <= excluded.email_limit
  RETURNING 1
)`;

const INSERT_WITH_QUOTA = `
WITH ${takeQuotaUnit(LIMIT)}
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
