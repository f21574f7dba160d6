// What the stores did over a stretch of a run: Redis commands by name (INFO commandstats) and the bench database's
// commits and row writes (pg-writes.ts), read before and after and divided by the emails delivered. Where a
// process's CPU per email moves between runs, these tell more work (more round trips, more statements) apart from
// the same work done slower. Redis's counts are server-wide: the bench has the Redis to itself while a run drains.
import type { Redis } from 'ioredis';
import { type PgCounters, pgCounters } from './pg-writes';
import { round } from './stats';

export interface StoreActivity {
  redisCalls: Map<string, number>;
  postgres: PgCounters;
}

export interface StoreActivityPerUnit {
  /** Redis commands per unit, all of them. */
  redisCalls: number;
  /** The six most called commands, per unit. */
  redisTopCalls: Record<string, number>;
  /** Commits (each statement outside a transaction is one) and rows written, per unit. */
  postgres: PgCounters;
}

/**
 * How long to wait before reading Postgres's counters for them to hold a stretch's every statement: a session that
 * goes idle within a second of its last report reports again 10 s later (PostgreSQL 15's PGSTAT_IDLE_INTERVAL).
 */
export const POSTGRES_REPORT_DELAY_MS = 11_000;

export async function storeActivity(redis: Redis, databaseUrl: string): Promise<StoreActivity> {
  const [info, postgres] = await Promise.all([redis.info('commandstats'), pgCounters(databaseUrl)]);
  const redisCalls = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) redisCalls.set(match[1] as string, Number(match[2]));
  return { redisCalls, postgres };
}

export function activityPerUnit(before: StoreActivity, after: StoreActivity, units: number): StoreActivityPerUnit {
  const per = (count: number) => round(count / Math.max(1, units), 3);
  const calls = [...after.redisCalls]
    .map(([name, total]) => [name, total - (before.redisCalls.get(name) ?? 0)] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
  const grew = (key: keyof PgCounters) => per(after.postgres[key] - before.postgres[key]);
  return {
    redisCalls: per(calls.reduce((sum, [, count]) => sum + count, 0)),
    redisTopCalls: Object.fromEntries(calls.slice(0, 6).map(([name, count]) => [name, per(count)])),
    postgres: { commits: grew('commits'), inserted: grew('inserted'), updated: grew('updated'), deleted: grew('deleted') },
  };
}
