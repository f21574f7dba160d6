// The readiness probe's query: the database answers at all.
import { sql } from 'drizzle-orm';
import type { AccountsDatabase } from '../client';

export async function pingDatabase(db: AccountsDatabase): Promise<void> {
  await db.execute(sql`select 1`);
}
