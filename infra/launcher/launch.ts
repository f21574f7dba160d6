// `npm start`: finds or starts Postgres and Redis, prepares the database, builds the web app
// when needed, and runs every Mailwright process until Ctrl-C.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgres, withDatabase } from './postgres';
import { findRedis } from './redis';
import { loadLocalSecrets } from './secrets';
import { startStack } from './stack';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.join(rootDir, '.data');
const say = (line: string) => console.log(`[mailwright] ${line}`);

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildWebAppIfStale(): void {
  const webDir = path.join(rootDir, 'web');
  if (!existsSync(path.join(webDir, 'src')) || process.env.SKIP_WEB_BUILD === 'true') return;
  const built = path.join(webDir, 'dist', 'index.html');
  if (existsSync(built) && statSync(built).mtimeMs >= newestChange(path.join(webDir, 'src'))) return;
  say('building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@mailwright/web'], { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) say('the web app build failed (see above): serving the API without the web app');
}

async function main(): Promise<void> {
  const postgres = await findPostgres(dataDir, say);
  const redis = await findRedis(dataDir, say);
  const databaseUrl = process.env.DATABASE_URL ?? withDatabase(postgres.serverUrl, 'mailwright');
  const local = loadLocalSecrets(dataDir);
  const secrets = {
    INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? local.INTERNAL_SECRET,
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? local.ENCRYPTION_KEY,
    TRACKING_SECRET: process.env.TRACKING_SECRET ?? local.TRACKING_SECRET,
  };
  buildWebAppIfStale();
  if (!process.env.SYSTEM_SMTP_URL) say('SYSTEM_SMTP_URL is not set: verification and reset links are printed here by identity');

  const stack = await startStack({
    rootDir,
    databaseUrl,
    redisUrl: redis.url,
    secrets,
    ports: 'default',
    workers: Number(process.env.MAIL_WORKERS ?? 1),
    env: { ALLOW_PRIVATE_TARGETS: process.env.ALLOW_PRIVATE_TARGETS ?? 'true' },
    output: 'terminal',
    log: say,
    edge: process.env.EDGE === 'nginx',
  });
  say(`Mailwright is running at ${stack.env.PUBLIC_URL}  (Ctrl-C stops everything)`);
  if (stack.env.SMTP_INTAKE_PORT) {
    say(`SMTP submission: 127.0.0.1:${stack.env.SMTP_INTAKE_PORT} (STARTTLS; any username, an API key as the password)`);
  }

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await stack.stop();
    await redis.stop();
    await postgres.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(`[mailwright] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
