// The readiness probe every service with a database runs: its Postgres pool answers at all.
import type pg from 'pg';

/** Runs `select 1` on the pool, or on the pool a drizzle database holds as `$client`. */
export async function pingDatabase(database: pg.Pool | { $client: pg.Pool }): Promise<void> {
  const pool = '$client' in database ? database.$client : database;
  await pool.query('select 1');
}
