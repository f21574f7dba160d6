// A whole Mailwright stack of one suite's own: every process on random ports, its own redis-server,
// its own database (on the shared Postgres, or on a dedicated server the suite may stop), an SMTP sink
// and the Razorpay stand-in. Suites that kill, flush or restart things never touch the shared e2e stack.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_PASSWORD_HASH_ENV } from '@mailwright/kit/testing';
import pg from 'pg';
import { RazorpayStandIn } from '../../e2e/support/razorpay-stand-in';
import { SmtpSink } from '../../e2e/support/smtp-sink';
import { dropDatabase, findPostgres, withDatabase } from '../../launcher/postgres';
import { type Stack, startStack } from '../../launcher/stack';
import { DedicatedPostgres } from './dedicated-postgres';
import { DedicatedRedis } from './dedicated-redis';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface FaultStackOptions {
  label: string;
  /** 'dedicated' starts a PostgreSQL server the suite may stop and start. */
  postgres: 'shared' | 'dedicated';
  workers?: number;
  env?: Record<string, string>;
}

export interface FaultStack {
  stack: Stack;
  sink: SmtpSink;
  razorpay: RazorpayStandIn;
  redis: DedicatedRedis;
  postgres?: DedicatedPostgres;
  databaseUrl: string;
  /** A pool on the suite's database (max 4 connections). */
  db: pg.Pool;
  secrets: Record<string, string>;
  gatewayUrl: string;
  stop(): Promise<void>;
}

export async function startFaultStack(options: FaultStackOptions): Promise<FaultStack> {
  const log = (line: string) => console.log(`[faults:${options.label}] ${line}`);
  const redis = new DedicatedRedis();
  await redis.start();
  let postgres: DedicatedPostgres | undefined;
  let serverUrl: string;
  if (options.postgres === 'dedicated') {
    postgres = new DedicatedPostgres();
    await postgres.init();
    serverUrl = postgres.url();
  } else {
    serverUrl = (await findPostgres(path.join(rootDir, '.data'), log)).serverUrl;
  }
  const databaseName = `mw_faults_${options.label.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
  const databaseUrl = withDatabase(serverUrl, databaseName);
  const sink = new SmtpSink();
  await sink.start();
  const razorpay = new RazorpayStandIn();
  await razorpay.start();
  const secrets = {
    INTERNAL_SECRET: `faults-internal-${randomBytes(16).toString('hex')}`,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    TRACKING_SECRET: `faults-tracking-${randomBytes(16).toString('hex')}`,
  };
  const stack = await startStack({
    rootDir,
    databaseUrl,
    redisUrl: redis.url,
    secrets,
    ports: 'random',
    workers: options.workers ?? 1,
    // Built by the suites' global setup (global-setup.ts); from sources when a file runs without it.
    bundleDir: process.env.TEST_BUNDLES_DIR,
    env: {
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      SYSTEM_SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
      ALLOW_PRIVATE_TARGETS: 'true',
      RATE_LIMIT_AUTH_MAX: '10000',
      QUEUE_PREFIX: `faults${options.label.replace(/\W/g, '')}`,
      RECONCILE_INTERVAL_MS: '1000',
      ...TEST_PASSWORD_HASH_ENV,
      ...razorpay.env(),
      ...options.env,
    },
    output: 'files',
    logDir: path.join(rootDir, 'test-artifacts', 'faults-logs', options.label),
    log,
  });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  db.on('error', () => {});
  return {
    stack,
    sink,
    razorpay,
    redis,
    postgres,
    databaseUrl,
    db,
    secrets,
    gatewayUrl: stack.gatewayUrl,
    async stop() {
      await db.end().catch(() => {});
      await stack.stop();
      await sink.stop();
      await razorpay.stop();
      await redis.stop();
      if (postgres) await postgres.destroy();
      else await dropDatabase(serverUrl, databaseName);
    },
  };
}
