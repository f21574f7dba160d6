// Quota figures for GET /internal/quota/:userId.
import type pg from 'pg';

export async function quotaUsed(pool: pg.Pool, userId: string, month: string): Promise<{ used: number; limit: number } | null> {
  const result = await pool.query<{ used: number; limit: number }>(
    'SELECT used, email_limit AS "limit" FROM mail.quota_usage WHERE user_id = $1 AND month = $2',
    [userId, month],
  );
  return result.rows[0] ?? null;
}
