// The benchmark's platform: local Postgres and Redis (as `npm start` finds them), a fresh database and queue
// prefix, the count-only SMTP sink, every process started by the launcher, and an enterprise customer. Whatever
// happens (an error, Ctrl-C, a kill) the platform is stopped, the workers' cgroups removed and the database dropped.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { findPostgres, withDatabase } from '../launcher/postgres';
import { findRedis } from '../launcher/redis';
import { type Stack, startStack } from '../launcher/stack';
import { type AutovacuumStandIn, autovacuumStandIn } from './autovacuum';
import { BenchSink } from './bench-sink';
import { createBenchUser } from './bench-user';
import { removeCpuQuotaGroups } from './cgroup';
import type { BenchContext } from './context';
import { keepAliveAgent } from './http-client';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchEnvironment {
  ctx: BenchContext;
  /** A client of the queue's Redis (INFO, MEMORY USAGE). */
  redis: Redis;
  /** Where the processes' logs (and profiles) go. */
  logDir: string;
}

export async function withBenchStack<T>(
  /** `edge`: nginx in front of the gateway (infra/edge), the send API's data path skipping the gateway. */
  options: { profile?: boolean; bundleDir?: string; edge?: boolean },
  log: (line: string) => void,
  work: (environment: BenchEnvironment) => Promise<T>,
): Promise<T> {
  const postgres = await findPostgres(path.join(rootDir, '.data'), log);
  const redis = await findRedis(path.join(rootDir, '.data'), log);
  const databaseName = `mw_bench_${Date.now().toString(36)}`;
  const databaseUrl = withDatabase(postgres.serverUrl, databaseName);
  const internalSecret = randomBytes(32).toString('hex');
  const sink = new BenchSink();
  await sink.start();
  const logDir = path.join(rootDir, 'test-artifacts', 'bench-logs', databaseName);
  let stack: Stack | undefined;
  let queueRedis: Redis | undefined;
  let autovacuum: AutovacuumStandIn | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanup = () => {
    cleaning ??= (async () => {
      queueRedis?.disconnect();
      await autovacuum?.close().catch(() => {});
      try {
        removeCpuQuotaGroups();
      } catch (error) {
        log(`could not remove the workers' cgroups: ${String(error)}`);
      }
      await stack?.stop().catch((error: unknown) => log(`stopping the stack failed: ${String(error)}`));
      await sink.stop().catch(() => {});
      await dropDatabase(withDatabase(postgres.serverUrl, 'postgres'), databaseName).catch((error: unknown) =>
        log(`could not drop ${databaseName}: ${String(error)}`),
      );
      await dropQueueKeys(redis.url, databaseName).catch(() => {});
      await postgres.stop();
      await redis.stop();
    })();
    return cleaning;
  };
  // Ctrl-C or a kill stops the platform and drops the bench database instead of leaving processes behind.
  const interrupted = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping the platform`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    log(`starting the platform (database ${databaseName}, logs in ${path.relative(rootDir, logDir)})`);
    stack = await startStack({
      onCreated: (created) => {
        stack = created;
      },
      rootDir,
      databaseUrl,
      redisUrl: redis.url,
      secrets: {
        INTERNAL_SECRET: internalSecret,
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        TRACKING_SECRET: randomBytes(24).toString('hex'),
      },
      ports: 'random',
      workers: 1,
      env: {
        SYSTEM_SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        ALLOW_PRIVATE_TARGETS: 'true',
        // One API key sends everything here; the per-key limiter still runs on every request.
        RATE_LIMIT_API_MAX: '100000000',
        RATE_LIMIT_API_PLANS: 'free:60,pro:600,enterprise:100000000',
        RATE_LIMIT_AUTH_MAX: '1000',
        // The same one key submits over SMTP: the intake's per-key limits are lifted like the API's.
        SMTP_INTAKE_MESSAGES_PER_MINUTE: '1000000',
        SMTP_INTAKE_MAX_CONNECTIONS_PER_KEY: '1000',
        QUEUE_PREFIX: databaseName,
        // The sink, like a relay or ESP smarthost, takes any number of connections; the default 5 per
        // account per worker is sized for mailbox providers (see services/mail README).
        SMTP_MAX_CONNECTIONS: process.env.SMTP_MAX_CONNECTIONS ?? '20',
        ...(options.profile
          ? {
              NODE_OPTIONS: `--import ${pathToFileURL(path.join(rootDir, 'infra/bench/cpu-profiler.mjs')).href}`,
              BENCH_PROFILE_DIR: path.join(logDir, 'profiles'),
            }
          : {}),
      },
      output: 'files',
      bundleDir: options.bundleDir,
      edge: options.edge,
      logDir,
      log,
    });
    const user = await createBenchUser(stack.gatewayUrl, databaseUrl, sink.port);
    autovacuum = await autovacuumStandIn(databaseUrl, log);
    if (!autovacuum.serverAutovacuum) log('PostgreSQL has autovacuum off: the bench vacuums and analyzes between phases');
    const ctx: BenchContext = {
      stack,
      sink,
      user,
      databaseUrl,
      internalSecret,
      agent: keepAliveAgent(256),
      autovacuum,
      log,
    };
    log(`customer ready (enterprise plan, SMTP account → sink :${sink.port})`);
    queueRedis = new Redis(redis.url, { maxRetriesPerRequest: 3 });
    const result = await work({ ctx, redis: queueRedis, logDir });
    ctx.agent.destroy();
    return result;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await cleanup();
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** Removes the run's BullMQ keys (its QUEUE_PREFIX) from the shared Redis. */
async function dropQueueKeys(redisUrl: string, prefix: string): Promise<void> {
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
