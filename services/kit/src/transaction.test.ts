import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/index';
import { withTransaction } from './transaction';

describe('withTransaction', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('kit-transaction');
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await pool.query('create table items (name text primary key)');
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const names = async () => (await pool.query<{ name: string }>('select name from items order by name')).rows.map((r) => r.name);

  it('commits what the work wrote and answers its result', async () => {
    const answer = await withTransaction(pool, async (client) => {
      await client.query("insert into items values ('committed')");
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await names()).toContain('committed');
  });

  it('rolls back and rethrows when the work throws', async () => {
    await expect(
      withTransaction(pool, async (client) => {
        await client.query("insert into items values ('thrown')");
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await names()).not.toContain('thrown');
  });

  it('rolls back and answers the value the work asked to roll back with', async () => {
    const answer = await withTransaction(pool, async (client, transaction) => {
      await client.query("insert into items values ('asked')");
      return transaction.rollback('over the limit');
    });
    expect(answer).toBe('over the limit');
    expect(await names()).not.toContain('asked');
  });

  it('gives the client back to the pool every time', async () => {
    await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        withTransaction(pool, async () => {
          throw new Error('again');
        }),
      ),
    );
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});
