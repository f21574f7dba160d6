// What the partition upkeep needs: a pool for its DDL and advisory lock, and somewhere to say what it did.
import type pg from 'pg';

export interface RetentionDeps {
  pool: pg.Pool;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}
