// Each user's current session version, as identity answers it (GET /internal/users/:id → sessionVersion): a token
// whose `sv` claim is below it belongs to an ended session (password changed or reset, logged out everywhere).
// Answers are cached for a few seconds and replaced at once by the `sessions` revocations identity publishes;
// when identity cannot answer, the request fails (503) rather than trusting a token unchecked.
import type { Revocation } from '@mailwright/contracts';
import { AppError, type InternalClient } from '@mailwright/kit';

interface InternalUser {
  /** Missing until identity answers it: treated as 0 (every token's `sv` is at least 0). */
  sessionVersion?: number;
}

/** A deleted user's tokens are all ended. */
const NO_SESSIONS = Number.POSITIVE_INFINITY;

export class SessionVersions {
  private readonly cache = new Map<string, { version: number; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<number>>();

  constructor(
    private readonly client: InternalClient,
    private readonly identityUrl: string,
    private readonly ttlMs = 3_000,
  ) {}

  /** The user's current session version (cached up to ttlMs); throws a 503 AppError when identity cannot say. */
  async current(userId: string): Promise<number> {
    const hit = this.cache.get(userId);
    if (hit && hit.expiresAt > Date.now()) return hit.version;
    let pending = this.inFlight.get(userId);
    if (!pending) {
      pending = this.lookup(userId).finally(() => this.inFlight.delete(userId));
      this.inFlight.set(userId, pending);
    }
    return pending;
  }

  revoke(revocation: Revocation): void {
    if (revocation.kind !== 'sessions') return;
    this.remember(revocation.userId, revocation.sessionVersion);
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
    return this.remember(userId, version);
  }

  /** Versions only grow: an answer older than a revocation that arrived meanwhile never lowers the cached one. */
  private remember(userId: string, version: number): number {
    const known = this.cache.get(userId)?.version ?? Number.NEGATIVE_INFINITY;
    const current = Math.max(known, version);
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(userId, { version: current, expiresAt: Date.now() + this.ttlMs });
    return current;
  }
}
