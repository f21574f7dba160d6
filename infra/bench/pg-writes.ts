// Postgres writes per email: the bench database's own counters (pg_stat_database: commits and rows inserted,
// updated, deleted), exact for this run whoever else uses the server. A busy session reports them at most a second
// late; one that goes idle within a second of its last report reports the rest 10 s later (PostgreSQL 15), so a read
// 1.5 s after a run may miss up to each session's last second (store-activity.ts waits that out for the scale-out).
import pg from 'pg';
import { sleep } from './context';
import { round } from './stats';

export type PgCounters = { commits: number; inserted: number; updated: number; deleted: number };

export async function pgCounters(databaseUrl: string): Promise<PgCounters> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ commits: string; inserted: string; updated: string; deleted: string }>(
      `select xact_commit as commits, tup_inserted as inserted, tup_updated as updated, tup_deleted as deleted
         from pg_stat_database where datname = current_database()`,
    );
    const row = rows[0];
    return {
      commits: Number(row?.commits ?? 0),
      inserted: Number(row?.inserted ?? 0),
      updated: Number(row?.updated ?? 0),
      deleted: Number(row?.deleted ?? 0),
    };
  } finally {
    await client.end();
  }
}

/** The counters' growth per email since `before` (after waiting out the statistics' reporting delay). */
export async function pgWritesPerEmail(databaseUrl: string, before: PgCounters, emails: number): Promise<PgCounters> {
  await sleep(1_500);
  const after = await pgCounters(databaseUrl);
  const per = (key: keyof PgCounters) => round((after[key] - before[key]) / Math.max(1, emails), 2);
  return { commits: per('commits'), inserted: per('inserted'), updated: per('updated'), deleted: per('deleted') };
}
