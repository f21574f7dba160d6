// Moving a scheduled email to a new time, with the send job it will now wait in.
import type pg from 'pg';
import type { EmailRow } from '../schema/emails';
import { EMAIL_COLUMNS } from './email-columns';

const RESCHEDULE = `
UPDATE mail.emails SET scheduled_at = $3, job_id = $4, updated_at = now()
WHERE id = $1 AND user_id = $2 AND status = 'scheduled'
RETURNING ${EMAIL_COLUMNS}`;

/** The moved row, or null when the user has no scheduled email with this id. */
export async function rescheduleEmailRow(
  pool: pg.Pool,
  userId: string,
  id: string,
  scheduledAt: Date,
  jobId: string,
): Promise<EmailRow | null> {
  const result = await pool.query<EmailRow>(RESCHEDULE, [id, userId, scheduledAt, jobId]);
  return result.rows[0] ?? null;
}
