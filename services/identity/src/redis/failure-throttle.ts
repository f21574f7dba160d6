// Counts failed password checks per account in Redis and locks further checks for the rest of the window
// once `max` is reached; the per-IP limit at the gateway cannot stop a guesser who spreads over many
// addresses. While Redis is unreachable nothing is counted or locked: a Redis outage must not lock
// everyone out of their accounts.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface ThrottleSettings {
  /** Key namespace, e.g. 'identity:failed-logins'. */
  name: string;
  max: number;
  windowSeconds: number;
}

export class FailureThrottle {
  constructor(
    private readonly redis: Pick<Redis, 'get' | 'pttl' | 'multi' | 'del'>,
    private readonly settings: ThrottleSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Milliseconds until `subject` may try again; 0 when it is not locked (or Redis cannot tell). */
  async lockedForMs(subject: string): Promise<number> {
    try {
      const key = this.keyOf(subject);
      const count = Number((await this.redis.get(key)) ?? 0);
      if (count < this.settings.max) return 0;
      const ttl = await this.redis.pttl(key);
      return ttl > 0 ? ttl : 0;
    } catch (error) {
      this.log.warn({ err: error }, `could not read ${this.settings.name}; not throttling`);
      return 0;
    }
  }

  /** Counts one failure; the window starts at the first failure and is not extended by later ones. */
  async recordFailure(subject: string): Promise<void> {
    const key = this.keyOf(subject);
    try {
      // SET NX EX opens the window with its expiry in one step (no counter without a TTL, on any Redis version).
      const answers = await this.redis.multi().set(key, 0, 'EX', this.settings.windowSeconds, 'NX').incr(key).exec();
      const failed = answers?.find(([error]) => error);
      if (failed) throw failed[0];
    } catch (error) {
      this.log.warn({ err: error }, `could not count a failure in ${this.settings.name}`);
    }
  }

  async reset(subject: string): Promise<void> {
    try {
      await this.redis.del(this.keyOf(subject));
    } catch (error) {
      this.log.warn({ err: error }, `could not reset ${this.settings.name}`);
    }
  }

  private keyOf(subject: string): string {
    return `${this.settings.name}:${subject}`;
  }
}

/** "N minutes" for a lock message, never "0 minutes". */
export function minutesLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
