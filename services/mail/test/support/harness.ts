// One test file's world: a fresh database with the real migrations, a random queue prefix on the real
// Redis, a real SMTP peer, stand-ins for the internal services, the app (app.inject) and a worker.
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { EmailLog } from '@mailwright/contracts';
import { MetricsRegistry, readConfig, runMigrations } from '@mailwright/kit';
import {
  createTestDatabase,
  internalHeaders,
  type ParsedSmtpMessage,
  SmtpPeer,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
  testRedisUrl,
  userHeaders,
} from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { buildMailApp, type MailAppDeps } from '../../src/app';
import { type Config, ConfigSchema } from '../../src/config';
import { type MailWorker, startWorker, type WorkerOptions } from '../../src/worker-app';
import { InternalServices } from './internal-services';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));

const FLUSH_PREFIX = `
local keys = redis.call('KEYS', ARGV[1])
for i = 1, #keys, 1000 do redis.call('DEL', unpack(keys, i, math.min(i + 999, #keys))) end
return #keys`;

/** kit's SMTP test peer in its default 'parsed' mode, where every message it keeps carries its parse. */
class ParsingSmtpPeer extends SmtpPeer {
  override to(address: string): ParsedSmtpMessage[] {
    return super.to(address) as ParsedSmtpMessage[];
  }
}

export class Harness {
  database!: TestDatabase;
  config!: Config;
  app!: FastifyInstance;
  /** The app's slice deps (flush the tracking buffer, call the intake directly). */
  deps!: MailAppDeps;
  worker: MailWorker | null = null;
  private readonly otherWorkers: MailWorker[] = [];
  smtp = new ParsingSmtpPeer();
  services = new InternalServices();
  pool!: pg.Pool;
  redis!: Redis;

  constructor(private readonly label: string) {}

  async start(options: { worker?: boolean; env?: Record<string, string> } = {}): Promise<void> {
    this.database = await createTestDatabase(this.label);
    await runMigrations(this.database.url, 'mail', migrations);
    await Promise.all([this.smtp.start(), this.services.start()]);
    this.config = readConfig(ConfigSchema, {
      DATABASE_URL: this.database.url,
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      REDIS_URL: testRedisUrl,
      QUEUE_PREFIX: `mwtest-${this.label}-${randomBytes(4).toString('hex')}`,
      PUBLIC_URL: 'https://mail.example.test',
      ACCOUNTS_URL: this.services.url,
      TEMPLATES_URL: this.services.url,
      BILLING_URL: this.services.url,
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '20',
      RECONCILE_INTERVAL_MS: '500',
      WORKER_METRICS_PORT: '0',
      // The SMTP peer, webhook receivers and attachment servers are on loopback; tests of the refusal say 'false'.
      ALLOW_PRIVATE_TARGETS: 'true',
      ...options.env,
    });
    ({ app: this.app, deps: this.deps } = await buildMailApp(this.config));
    await this.app.ready();
    this.pool = new pg.Pool({ connectionString: this.database.url, max: 3 });
    // pool.end() resolves before its clients' sockets have closed, so stop()'s forced DROP DATABASE can still
    // terminate one; the pool re-emits that as an 'error', which without a listener crashes the test process.
    this.pool.on('error', () => {});
    this.redis = new Redis(testRedisUrl);
    if (options.worker !== false) await this.startWorker();
  }

  async startWorker(options: WorkerOptions = {}): Promise<MailWorker> {
    await this.stopWorker();
    this.worker = await this.newWorker(options);
    return this.worker;
  }

  /** Another worker on the same Redis and Postgres, as a second worker process would be; stop() closes it. */
  async startSecondWorker(): Promise<MailWorker> {
    const worker = await this.newWorker({ metrics: new MetricsRegistry('mail-worker', { defaultMetrics: false }) });
    this.otherWorkers.push(worker);
    return worker;
  }

  private newWorker(options: WorkerOptions): Promise<MailWorker> {
    return startWorker(this.config, {
      logger: pino({ level: 'warn' }),
      reconcile: { graceSeconds: 1, staleClaimSeconds: 2 },
      ...options,
    });
  }

  async stopWorker(): Promise<void> {
    await this.worker?.close();
    this.worker = null;
  }

  /** A user with an SMTP account pointing at the test peer. */
  newUser(): { userId: string; accountId: string } {
    const userId = randomUUID();
    const accountId = randomUUID();
    this.services.addSmtpAccount(userId, accountId, this.smtp.port);
    return { userId, accountId };
  }

  async send(userId: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
    return this.app.inject({
      method: 'POST',
      url: '/emails/send',
      headers: { ...(await userHeaders(userId)), ...headers },
      payload,
    });
  }

  /** POST /emails/api/batch as the user's API key (the batch API: its emails share send jobs of up to 100). */
  async sendBatch(userId: string, emails: unknown[]) {
    const headers = await internalHeaders({ kind: 'api_key', userId, apiKeyId: 'key-1' });
    return this.app.inject({ method: 'POST', url: '/emails/api/batch', headers, payload: { emails } });
  }

  /** One email to each recipient, all sent at once (so they share send jobs); throws unless every one is accepted. */
  async sendTogether(userId: string, recipients: string[], extra: Record<string, unknown> = {}): Promise<EmailLog[]> {
    const responses = await Promise.all(
      recipients.map((to) => this.send(userId, { to: [to], subject: `To ${to}`, body: 'b', ...extra })),
    );
    const refused = responses.find((response) => response.statusCode !== 201);
    if (refused) throw new Error(`a send was refused: ${refused.statusCode} ${refused.body}`);
    return responses.map((response) => response.json<{ data: EmailLog }>().data);
  }

  async get(userId: string, url: string) {
    return this.app.inject({ method: 'GET', url, headers: await userHeaders(userId) });
  }

  async emailStatus(id: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ status: string }>('SELECT status FROM mail.emails WHERE id = $1', [id]);
    return rows[0]?.status;
  }

  /**
   * Deletes every Redis key of this file's queues in one step, as FLUSHALL does: a job the app adds meanwhile is
   * either gone whole or kept whole (a KEYS-then-DEL could keep a job's hash and lose its place in the queue).
   */
  async flushQueues(): Promise<number> {
    return (await this.redis.eval(FLUSH_PREFIX, 0, `${this.config.QUEUE_PREFIX}:*`)) as number;
  }

  async stop(): Promise<void> {
    await Promise.all(this.otherWorkers.splice(0).map((worker) => worker.close()));
    await this.stopWorker();
    await this.app?.close();
    await this.flushQueues().catch(() => 0);
    this.redis?.disconnect();
    await this.pool?.end();
    await Promise.allSettled([this.smtp.stop(), this.services.stop()]);
    await this.database?.drop();
  }
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
