// Postgres pool + drizzle, database creation and the migration runner every service uses.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export type Database<TSchema extends Record<string, unknown>> = NodePgDatabase<TSchema> & { $client: pg.Pool };

export function createDatabase<TSchema extends Record<string, unknown>>(
  url: string,
  schema: TSchema,
  options: { max?: number } = {},
): Database<TSchema> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its server (Postgres restart) must not crash the process.
  pool.on('error', () => {});
  return drizzle(pool, { schema }) as Database<TSchema>;
}

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created concurrently
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * Applies a service's generated drizzle migrations into its own schema. An advisory lock keyed
 * on the schema lets several processes (service, workers, launcher) start at once safely.
 */
export async function runMigrations(url: string, schemaName: string, migrationsFolder: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`migrate:${schemaName}`]);
    await client.query(`create schema if not exists "${schemaName}"`);
    await migrate(drizzle(client), { migrationsFolder, migrationsSchema: schemaName, migrationsTable: '__migrations' });
    await client.query('select pg_advisory_unlock(hashtext($1))', [`migrate:${schemaName}`]);
  } finally {
    client.release();
    await pool.end();
  }
}
