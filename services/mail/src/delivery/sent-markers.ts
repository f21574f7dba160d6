// "The provider accepted this email" markers in Redis, written only when recording 'sent' in Postgres failed
// (a database blip between the send and its record). A later claim of the same row (the job retried, or a
// stale 'sending' claim retaken) checks the marker and records 'sent' instead of sending again. Written only
// on that rare path, so the normal path costs no Redis command and the key count stays small; the TTL
// outlives every retry and reconciler pass by far.
import { withTimeout } from '@mailwright/kit';
import type { Redis } from 'ioredis';

const MARKER_TTL_SECONDS = 24 * 3_600;
const REDIS_TIMEOUT_MS = 2_000;

export class SentMarkers {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(emailId: string): string {
    return `${this.prefix}:mail:sent:${emailId}`;
  }

  /** Remembers that the email was accepted by its provider. */
  async mark(emailId: string): Promise<void> {
    await withTimeout(this.redis.set(this.key(emailId), '1', 'EX', MARKER_TTL_SECONDS), REDIS_TIMEOUT_MS);
  }

  /** Whether an earlier run already had the email accepted. */
  async has(emailId: string): Promise<boolean> {
    return (await withTimeout(this.redis.exists(this.key(emailId)), REDIS_TIMEOUT_MS)) === 1;
  }
}
