// A fresh database per test file with the service's real migrations applied.
import { fileURLToPath } from 'node:url';
import { runMigrations } from '@mailwright/kit';
import { createTestDatabase, type TestDatabase } from '@mailwright/kit/testing';

export const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function migratedTestDatabase(label: string): Promise<TestDatabase> {
  const database = await createTestDatabase(`accounts_${label}`);
  await runMigrations(database.url, 'accounts', MIGRATIONS);
  return database;
}
