// A sender's held emails: how many wait on it (usage), and which to send now that it resumed.
import type pg from 'pg';

const COUNT_HELD = `
SELECT count(*)::int AS held FROM mail.emails
WHERE email_account_id = $1 AND hold_reason IS NOT NULL AND status IN ('queued', 'sending')`;

export async function countHeldEmails(pool: pg.Pool, accountId: string): Promise<number> {
  const { rows } = await pool.query<{ held: number }>(COUNT_HELD, [accountId]);
  return rows[0]?.held ?? 0;
}

// Also the user's pool emails held for a pause: the resumed account may be the one of their pool that can send.
const SELECT_PAUSED = `
SELECT id FROM mail.emails
WHERE user_id = $2 AND hold_reason = 'sender_paused' AND status = 'queued'
  AND (email_account_id = $1 OR sender_pool_id IS NOT NULL)
ORDER BY created_at, id
LIMIT $3`;

/** Ids of emails held because their sender was paused, oldest first. */
export async function selectPausedHeldEmails(pool: pg.Pool, accountId: string, userId: string, limit: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(SELECT_PAUSED, [accountId, userId, limit]);
  return rows.map((row) => row.id);
}
