// Fails an email whose send job BullMQ gave up on, unless it already reached a final state.
import type pg from 'pg';

export async function failAbandonedEmail(pool: pg.Pool, emailId: string, reason: string): Promise<void> {
  await pool.query(
    `UPDATE mail.emails SET status = 'failed', error = coalesce(error, $2), updated_at = now()
     WHERE id = $1 AND status IN ('queued', 'sending')`,
    [emailId, reason],
  );
}
