// Each user's current session version, as identity answers it (GET /internal/users/:id → sessionVersion): a token
// whose `sv` claim is below it belongs to an ended session (password changed or reset, logged out everywhere).
// Answers are cached for a few seconds (kit's TtlCache: concurrent misses share one lookup) and replaced at once by
// the `sessions` revocations identity publishes; when identity cannot answer, the request fails (503) rather than
// trusting a token unchecked.
import type { Revocation } from '@mailwright/contracts';
import { AppError, type InternalClient, TtlCache } from '@mailwright/kit';

interface InternalUser {
  /** Missing until identity answers it: treated as 0 (every token's `sv` is at least 0). */
  sessionVersion?: number;
}

/** A deleted user's tokens are all ended. */
const NO_SESSIONS = Number.POSITIVE_INFINITY;

export class SessionVersions {
  private readonly cache: TtlCache<string, number>;
  /** Bound once: the hot path hands the same function to every cache read. */
  private readonly load = (userId: string) => this.lookup(userId);

  constructor(
    private readonly client: InternalClient,
    private readonly identityUrl: string,
    ttlMs = 3_000,
  ) {
    this.cache = new TtlCache({ ttlMs, maxEntries: 50_000 });
  }

  /** The user's current session version (cached up to ttlMs); throws a 503 AppError when identity cannot say. */
  current(userId: string): Promise<number> {
    return this.cache.get(userId, this.load);
  }

  revoke(revocation: Revocation): void {
    if (revocation.kind !== 'sessions') return;
    this.cache.set(revocation.userId, this.atLeastKnown(revocation.userId, revocation.sessionVersion));
  }

  resync(): void {
    this.cache.clear();
  }

  private async lookup(userId: string): Promise<number> {
    let version: number;
    try {
      const answer = await this.client.call<{ data: InternalUser }>(
        this.identityUrl,
        `/internal/users/${encodeURIComponent(userId)}`,
        { timeoutMs: 3_000 },
      );
      version = answer.data.sessionVersion ?? 0;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') version = NO_SESSIONS;
      else throw new AppError('SERVICE_UNAVAILABLE', 'The identity service is unavailable right now. Please try again shortly.');
    }
    return this.atLeastKnown(userId, version);
  }

  /** Versions only grow: an answer older than a revocation that arrived meanwhile never lowers the cached one. */
  private atLeastKnown(userId: string, version: number): number {
    return Math.max(this.cache.peek(userId) ?? Number.NEGATIVE_INFINITY, version);
  }
}
