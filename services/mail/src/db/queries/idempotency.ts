// Idempotency-Key rows: claimed inside the send transaction (the primary key makes a concurrent duplicate
// wait, then see the first request's row), replayed for 24 hours, reusable after that.
import type pg from 'pg';

export interface StoredIdempotency {
  bodyHash: string;
  statusCode: number;
  response: unknown;
}

export async function findIdempotency(
  pool: pg.Pool | pg.PoolClient,
  userId: string,
  key: string,
): Promise<StoredIdempotency | null> {
  const result = await pool.query<StoredIdempotency>(
    `SELECT body_hash AS "bodyHash", status_code AS "statusCode", response FROM mail.idempotency_keys
     WHERE user_id = $1 AND key = $2 AND created_at > now() - interval '24 hours'`,
    [userId, key],
  );
  return result.rows[0] ?? null;
}

/** True when this request now owns the key (new, or the old one expired). */
export async function claimIdempotency(
  client: pg.PoolClient,
  claim: { userId: string; key: string; bodyHash: string; emailId: string },
): Promise<boolean> {
  const result = await client.query(
    `INSERT INTO mail.idempotency_keys AS k (user_id, key, body_hash, email_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, key) DO UPDATE
       SET body_hash = excluded.body_hash, email_id = excluded.email_id, response = NULL, created_at = now()
       WHERE k.created_at <= now() - interval '24 hours'
     RETURNING 1`,
    [claim.userId, claim.key, claim.bodyHash, claim.emailId],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function storeIdempotentResponse(
  client: pg.PoolClient,
  userId: string,
  key: string,
  statusCode: number,
  response: unknown,
): Promise<void> {
  await client.query('UPDATE mail.idempotency_keys SET status_code = $3, response = $4 WHERE user_id = $1 AND key = $2', [
    userId,
    key,
    statusCode,
    JSON.stringify(response),
  ]);
}

/** A statement failed because the Idempotency-Key it claims is held by another request (within 24 hours or not). */
export function isKeyHeld(error: unknown): boolean {
  const { code, table } = (error ?? {}) as { code?: unknown; table?: unknown };
  return code === '23505' && table === 'idempotency_keys';
}

/** Frees a key whose claim is older than 24 hours: it may be claimed again. */
export async function releaseExpiredKey(executor: pg.Pool | pg.PoolClient, userId: string, key: string): Promise<void> {
  await executor.query(
    `DELETE FROM mail.idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at <= now() - interval '24 hours'`,
    [userId, key],
  );
}
