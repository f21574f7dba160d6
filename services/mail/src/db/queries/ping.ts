// The readiness probe's statement: the pool can reach Postgres.
import type pg from 'pg';

export async function pingDatabase(pool: pg.Pool): Promise<void> {
  await pool.query('select 1');
}
