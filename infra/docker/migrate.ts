// The migration job: creates the database if needed and applies every service's drizzle migrations,
// each into its own schema (advisory-locked, so it is safe beside starting services).
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

const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  process.stderr.write(`Configuration error: DATABASE_URL ${url ? 'is invalid' : 'is missing'}\n`);
  process.exit(1);
}

await ensureDatabase(url);
for (const schema of schemas) {
  const started = Date.now();
  await runMigrations(url, schema, migrationsFolder(schema));
  process.stdout.write(`${JSON.stringify({ level: 30, name: 'migrate', schema, ms: Date.now() - started, msg: 'migrated' })}\n`);
}
process.stdout.write(`${JSON.stringify({ level: 30, name: 'migrate', msg: 'all schemas migrated' })}\n`);
