// Listens for the revocations identity publishes (REVOCATIONS_CHANNEL) on a connection of its own (a subscribed
// ioredis connection can do nothing else) and hands each one to the caches that must forget something.
// A message missed while the connection was down cannot be replayed: after every reconnect `resync` runs,
// so the caches start over from identity, the source of truth.
import { parseRevocation, REVOCATIONS_CHANNEL, type Revocation } from '@mailwright/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RevocationHandlers {
  revoke(revocation: Revocation): void;
  /** Forget everything learnt before (messages may have been missed). */
  resync(): void;
}

export class RevocationListener {
  private readonly subscriber: Redis;
  private hasBeenReady = false;

  constructor(
    redisUrl: string,
    private readonly handlers: RevocationHandlers,
    private readonly log: FastifyBaseLogger,
  ) {
    // The SUBSCRIBE waits in the offline queue while Redis is away (never failed by a retry limit), and ioredis
    // makes it again on every reconnect.
    this.subscriber = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
    this.subscriber.on('error', (error) => log.warn({ err: error }, 'revocation subscriber: redis error'));
    this.subscriber.on('ready', () => {
      if (this.hasBeenReady) {
        log.info('revocation subscriber reconnected: caches start over');
        this.handlers.resync();
      }
      this.hasBeenReady = true;
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== REVOCATIONS_CHANNEL) return;
      const revocation = parseRevocation(message);
      if (revocation) this.handlers.revoke(revocation);
      else log.warn({ message: message.slice(0, 200) }, 'revocation subscriber: unreadable message ignored');
    });
  }

  /** Connects and subscribes; resolves once subscribed, or after timeoutMs (it keeps trying in the background). */
  async start(timeoutMs = 3_000): Promise<void> {
    this.subscriber.connect().catch((error: unknown) => {
      this.log.warn({ err: error }, 'revocation subscriber not connected yet: retrying, caches rely on their lifetimes');
    });
    const subscribed = this.subscriber.subscribe(REVOCATIONS_CHANNEL).then(
      () => 'subscribed' as const,
      (error: unknown) => {
        this.log.warn({ err: error }, 'revocation subscription failed');
        return 'failed' as const;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([subscribed, waited]);
    clearTimeout(timer);
    if (outcome === 'timeout') this.log.warn('revocation subscriber not connected yet: caches rely on their lifetimes');
  }

  close(): void {
    this.subscriber.disconnect();
  }
}
