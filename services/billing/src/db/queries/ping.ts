// The readiness probe's query: the database answers at all.
import { sql } from 'drizzle-orm';
import type { Executor } from '../client';

export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
