// What the mailbox reading tests share: a fresh database (for the cursors), Redis (the leases), the accounts
// stand-in listing the mailboxes, hand-written feedback messages, and reader loops whose `apply` records.
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { InternalClient, MetricsRegistry, runMigrations } from '@mailwright/kit';
import { createTestDatabase, TEST_INTERNAL_SECRET, type TestDatabase, testRedisUrl } from '@mailwright/kit/testing';
import { Redis } from 'ioredis';
import pino from 'pino';
import { AccountsClient } from '../../src/adapters/accounts-client';
import { createMailDatabase, type MailDatabase } from '../../src/db/client';
import { feedbackMetrics } from '../../src/feedback/feedback-metrics';
import { MailboxLeases } from '../../src/feedback/mailbox-lease';
import { classifyMessage, type MailboxFinding } from '../../src/feedback/parse/classify-message';
import { mightBeFeedback } from '../../src/feedback/parse/might-be-feedback';
import { MailboxReadLoop, type ReadLoopSettings } from '../../src/feedback/read-mailboxes';
import type { MailboxRef } from '../../src/feedback/read-turn';
import { InternalServices } from './internal-services';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface Applied {
  loop: string;
  accountId: string;
  sourceId: string;
  finding: MailboxFinding;
  at: number;
}

export const ourMessageId = () => `<${randomUUID()}@mailwright>`;

export function dsn(originalId: string, recipient = `gone-${randomBytes(3).toString('hex')}@example.net`): string {
  return `From: Mail Delivery System <MAILER-DAEMON@mx.example.org>
To: sender@example.com
Subject: Undelivered Mail Returned to Sender
Date: ${new Date().toUTCString()}
Message-ID: <${randomUUID()}@mx.example.org>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B1"

--B1
Content-Type: text/plain

The mail system could not deliver your message to ${recipient}.

--B1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; ${recipient}
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: Recipient address rejected: User unknown

--B1
Content-Type: text/rfc822-headers

From: sender@example.com
To: ${recipient}
Subject: Hello
Message-ID: ${originalId}

--B1--
`;
}

export function reply(originalId: string): string {
  return `From: Bob Reader <bob@example.net>
To: sender@example.com
Subject: Re: Hello
Date: ${new Date().toUTCString()}
Message-ID: <${randomUUID()}@example.net>
In-Reply-To: ${originalId}
References: ${originalId}
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

Thanks, that works for me.

> Hello
`;
}

export function unrelated(index: number): string {
  return `From: News <news-${index % 7}@shop.example>
To: sender@example.com
Subject: Offer number ${index}
Date: ${new Date().toUTCString()}
Message-ID: <n${index}.${randomBytes(4).toString('hex')}@shop.example>
MIME-Version: 1.0
Content-Type: text/plain

Nothing to see here, offer ${index}.
`;
}

export const TEST_LOOP_SETTINGS: ReadLoopSettings = {
  pollMs: 500,
  concurrency: 4,
  maxIdle: 100,
  turnMessages: 2_000,
  turnMs: 30_000,
  pageSize: 100,
  allowPrivate: true,
  gmailUnitsPerSecond: 200,
  graphRequestsPer10Minutes: 8_000,
  graphRequestsPerSecond: 20,
  imapPagesPerSecond: 20,
};

export class MailboxReadingWorld {
  database!: TestDatabase;
  db!: MailDatabase;
  redis!: Redis;
  readonly services = new InternalServices();
  readonly applied: Applied[] = [];
  readonly prefix = `mwtest-feedback-${randomBytes(4).toString('hex')}`;
  private readonly loops: Array<MailboxReadLoop<MailboxFinding>> = [];

  constructor(private readonly label: string) {}

  async start(): Promise<void> {
    this.database = await createTestDatabase(this.label);
    await runMigrations(this.database.url, 'mail', migrations);
    this.db = createMailDatabase(this.database.url, { max: 4 });
    this.redis = new Redis(testRedisUrl);
    await this.services.start();
  }

  /** A reader loop, as one worker runs it; `applyDelayMs` keeps each apply busy (overlaps become visible). */
  startLoop(
    name: string,
    options: { settings?: Partial<ReadLoopSettings>; applyDelayMs?: number; metrics?: MetricsRegistry } = {},
  ): MailboxReadLoop<MailboxFinding> {
    const accounts = new AccountsClient(new InternalClient(TEST_INTERNAL_SECRET, 'mail-worker'), this.services.url);
    const loop = new MailboxReadLoop<MailboxFinding>({
      db: this.db,
      accounts,
      leases: new MailboxLeases(this.redis, this.prefix, 3_000),
      classify: classifyMessage,
      isCandidate: mightBeFeedback,
      apply: async (mailbox: MailboxRef, sourceId: string, finding: MailboxFinding) => {
        this.applied.push({ loop: name, accountId: mailbox.accountId, sourceId, finding, at: Date.now() });
        if (options.applyDelayMs) await new Promise((resolve) => setTimeout(resolve, options.applyDelayMs));
      },
      log: pino({ level: 'warn' }),
      metrics: options.metrics ? feedbackMetrics(options.metrics) : undefined,
      settings: { ...TEST_LOOP_SETTINGS, ...options.settings },
    });
    loop.start();
    this.loops.push(loop);
    return loop;
  }

  async stopLoops(): Promise<void> {
    await Promise.all(this.loops.splice(0).map((loop) => loop.stop()));
  }

  appliedFor(accountId: string): Applied[] {
    return this.applied.filter((entry) => entry.accountId === accountId);
  }

  async stop(): Promise<void> {
    await this.stopLoops();
    await this.services.stop().catch(() => {});
    const keys = await this.redis.keys(`${this.prefix}:*`);
    if (keys.length > 0) await this.redis.del(...keys);
    this.redis.disconnect();
    await this.db.$client.end();
    await this.database.drop();
  }
}

export const newMetrics = () => new MetricsRegistry('mail-worker', { defaultMetrics: false });

export async function counterValue(metrics: MetricsRegistry, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((entry) => entry.name === name);
  return (metric?.values ?? [])
    .filter((value) => Object.entries(labels).every(([key, wanted]) => (value.labels as Record<string, unknown>)[key] === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}
