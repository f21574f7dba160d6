// Listens on the revocations channel of the test Redis, as a gateway does, and waits for a given message.
import { parseRevocation, REVOCATIONS_CHANNEL, type Revocation } from '@mailwright/contracts';
import { Redis } from 'ioredis';

export class RevocationListener {
  readonly received: Revocation[] = [];
  private readonly redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });

  async start(): Promise<void> {
    await this.redis.connect();
    this.redis.on('message', (_channel: string, message: string) => {
      const revocation = parseRevocation(message);
      if (revocation) this.received.push(revocation);
    });
    await this.redis.subscribe(REVOCATIONS_CHANNEL);
  }

  /** The first received revocation matching `match` (other test files publish on the same channel). */
  async next(match: (revocation: Revocation) => boolean, timeoutMs = 5_000): Promise<Revocation> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching revocation within ${timeoutMs} ms: ${JSON.stringify(this.received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<void> {
    this.redis.disconnect();
  }
}
