// Applies every service's drizzle migrations, each into its own schema (advisory-locked, so it is safe beside
// starting services): the deploy's migrate job (migrate.ts) and the operator's `npm run admin -- migrate`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, runMigrations } from '@mailwright/kit';
import { schemas } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Bundled image: <app>/migrations/<schema>; source tree: services/<schema>/drizzle. */
function migrationsFolder(schema: string): string {
  const root = process.env.MIGRATIONS_DIR;
  if (root) return path.join(root, schema);
  const bundled = path.resolve(here, '../migrations', schema);
  return existsSync(bundled) ? bundled : path.resolve(here, '../../services', schema, 'drizzle');
}

/** Creates the database if needed, then migrates each schema in turn; `migrated` hears each one done. */
export async function migrateAll(url: string, migrated: (schema: string, ms: number) => void = () => {}): Promise<void> {
  await ensureDatabase(url);
  for (const schema of schemas) {
    const started = Date.now();
    await runMigrations(url, schema, migrationsFolder(schema));
    migrated(schema, Date.now() - started);
  }
}
