// The readiness probe's query: the database answers at all.
import { sql } from 'drizzle-orm';
import type { TemplatesDatabase } from '../client';

export async function pingDatabase(db: TemplatesDatabase): Promise<void> {
  await db.execute(sql`select 1`);
}
