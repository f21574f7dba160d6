// What a command works with: the configuration, the output, and connections opened on first use (each service's
// own database handle, one Redis connection), all closed when the command ends.
import { type SecretBox, secretBoxFromConfig } from '@mailwright/kit';
import { Redis } from 'ioredis';
import { type Logger, pino } from 'pino';
import { type AccountsDatabase, createAccountsDatabase } from '../../services/accounts/src/db/client';
import { type BillingDatabase, createBillingDatabase } from '../../services/billing/src/db/client';
import { createIdentityDatabase, type IdentityDatabase } from '../../services/identity/src/db/client';
import { createMailDatabase, type MailDatabase } from '../../services/mail/src/db/client';
import { type AdminConfig, resolveDatabaseUrl } from './admin-config';
import type { Output } from './output';
import { UsageError } from './usage-error';

export class AdminContext {
  /** Warnings of the code the commands call (the reconciler, revocations) go to stderr as JSON lines. */
  readonly log: Logger = pino({ name: 'admin', level: 'warn' }, pino.destination(2));
  private databaseUrl: Promise<string> | null = null;
  private readonly closers: Array<() => Promise<void>> = [];
  private readonly databases = new Map<string, Promise<unknown>>();
  private redisConnection: Redis | null = null;

  constructor(
    readonly config: AdminConfig,
    readonly out: Output,
  ) {}

  identityDb(): Promise<IdentityDatabase> {
    return this.database('identity', createIdentityDatabase);
  }

  accountsDb(): Promise<AccountsDatabase> {
    return this.database('accounts', createAccountsDatabase);
  }

  billingDb(): Promise<BillingDatabase> {
    return this.database('billing', createBillingDatabase);
  }

  mailDb(): Promise<MailDatabase> {
    return this.database('mail', (url) => createMailDatabase(url, { max: 2 }));
  }

  url(): Promise<string> {
    this.databaseUrl ??= resolveDatabaseUrl(this.config);
    return this.databaseUrl;
  }

  /** One connection for queues, the reconciler's lock and revocations; a command fails fast when Redis is away. */
  redis(): Redis {
    if (!this.redisConnection) {
      const redis = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 3_000 });
      redis.on('error', (error) => this.log.warn({ err: error }, 'redis connection error'));
      this.redisConnection = redis;
      this.closers.push(async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    return this.redisConnection;
  }

  /** ENCRYPTION_KEY (from the environment or .data/secrets.json) and ENCRYPTION_PREVIOUS_KEYS. */
  secretBox(): SecretBox {
    const key = this.config.ENCRYPTION_KEY;
    if (!key) throw new UsageError('Configuration error: ENCRYPTION_KEY is missing (and .data/secrets.json has none)');
    return secretBoxFromConfig({ ENCRYPTION_KEY: key, ENCRYPTION_PREVIOUS_KEYS: this.config.ENCRYPTION_PREVIOUS_KEYS });
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.closers.map((close) => close()));
    this.log.flush();
  }

  /** One handle per service schema, opened on first use. */
  private database<D extends { $client: { end(): Promise<void> } }>(schema: string, create: (url: string) => D): Promise<D> {
    let opened = this.databases.get(schema) as Promise<D> | undefined;
    if (!opened) {
      opened = this.url().then((url) => {
        const db = create(url);
        this.closers.push(() => db.$client.end());
        return db;
      });
      this.databases.set(schema, opened);
    }
    return opened;
  }
}
