// The readiness probe's query: the database answers at all.
import { sql } from 'drizzle-orm';
import type { IdentityDatabase } from '../client';

export async function pingDatabase(db: IdentityDatabase): Promise<void> {
  await db.execute(sql`select 1`);
}
