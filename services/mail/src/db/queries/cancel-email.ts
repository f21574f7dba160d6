// Cancelling a scheduled email and giving its quota unit back, in one statement.
import type pg from 'pg';
import type { EmailRow } from '../schema/emails';
import { EMAIL_COLUMNS } from './email-columns';

const CANCEL = `
WITH cancelled AS (
  UPDATE mail.emails SET status = 'cancelled', updated_at = now()
  WHERE id = $1 AND user_id = $2 AND status = 'scheduled'
  RETURNING *
), refund AS (
  UPDATE mail.quota_usage q SET used = greatest(q.used - 1, 0), updated_at = now()
  FROM cancelled c WHERE q.user_id = c.user_id AND q.month = c.quota_month
  RETURNING 1
)
SELECT ${EMAIL_COLUMNS} FROM cancelled`;

export async function cancelScheduledEmail(pool: pg.Pool, userId: string, id: string): Promise<EmailRow | null> {
  const result = await pool.query<EmailRow>(CANCEL, [id, userId]);
  return result.rows[0] ?? null;
}
