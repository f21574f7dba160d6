// One transaction on one pooled client: BEGIN, the work, COMMIT; ROLLBACK when the work throws or asks for it.
// The client goes back to the pool in every case.
import type pg from 'pg';

/** Thrown inside the work to roll back and hand `value` to the caller (a refusal that is not an error). */
class Rollback<T> {
  constructor(readonly value: T) {}
}

export interface TransactionControl<T> {
  /** Rolls the transaction back and makes withTransaction answer `value`. */
  rollback(value: T): never;
}

const control: TransactionControl<unknown> = {
  rollback(value) {
    throw new Rollback(value);
  },
};

export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient, transaction: TransactionControl<T>) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client, control);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    if (error instanceof Rollback) return error.value as T;
    throw error;
  } finally {
    client.release();
  }
}
