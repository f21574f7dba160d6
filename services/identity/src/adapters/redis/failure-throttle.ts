// Counts password checks per account in Redis and refuses further checks for the rest of the window once
// `max` of them failed; the per-IP limit at the gateway cannot stop a guesser who spreads over many addresses.
// Every check takes its slot before the password is verified (one atomic step), so parallel guesses cannot
// all slip in before the count catches up; a successful check gives the slots back. While Redis is
// unreachable nothing is counted or refused: a Redis outage must not lock everyone out of their accounts.
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
    private readonly redis: Pick<Redis, 'multi' | 'del'>,
    private readonly settings: ThrottleSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Takes a slot for one password check of `subject`: 0 when the check may go ahead, else the milliseconds
   * until the window (opened by the first check since the last success) closes.
   */
  async takeSlot(subject: string): Promise<number> {
    const key = this.keyOf(subject);
    try {
      // SET NX EX opens the window with its expiry in one step (no counter without a TTL, on any Redis version).
      const answers = await this.redis.multi().set(key, 0, 'EX', this.settings.windowSeconds, 'NX').incr(key).pttl(key).exec();
      const failed = answers?.find(([error]) => error);
      if (failed) throw failed[0];
      const count = Number(answers?.[1]?.[1] ?? 0);
      const ttl = Number(answers?.[2]?.[1] ?? 0);
      if (count <= this.settings.max) return 0;
      return ttl > 0 ? ttl : this.settings.windowSeconds * 1000;
    } catch (error) {
      this.log.warn({ err: error }, `could not count in ${this.settings.name}; not throttling`);
      return 0;
    }
  }

  /** The check succeeded: the failures before it no longer count. */
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
