// Resolves X-API-Key values through identity; answers are cached briefly (API_KEY_CACHE_SECONDS) so there is no
// lookup per request. A disabled or deleted key is dropped from the cache as soon as identity's `api-key`
// revocation arrives (Redis pub/sub); the cache lifetime only bounds a missed message.
import type { ResolvedApiKey, Revocation } from '@mailwright/contracts';
import { AppError, type InternalClient } from '@mailwright/kit';

export class ApiKeyResolver {
  private readonly cache = new Map<string, { value: ResolvedApiKey | null; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<ResolvedApiKey | null>>();
  /** Bumped by every revocation: a lookup that started before one may hold a revoked answer and is not cached. */
  private revocationEpoch = 0;

  constructor(
    private readonly client: InternalClient,
    private readonly identityUrl: string,
    private readonly ttlMs: number,
  ) {}

  async resolve(key: string): Promise<ResolvedApiKey | null> {
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    let pending = this.inFlight.get(key);
    if (!pending) {
      const lookup: Promise<ResolvedApiKey | null> = this.lookup(key).finally(() => {
        if (this.inFlight.get(key) === lookup) this.inFlight.delete(key);
      });
      pending = lookup;
      this.inFlight.set(key, lookup);
    }
    return pending;
  }

  revoke(revocation: Revocation): void {
    if (revocation.kind !== 'api-key') return;
    this.revocationEpoch += 1;
    // Revocations are rare; one pass over the cache keeps resolve() free of a second index.
    for (const [key, entry] of this.cache) {
      if (entry.value?.apiKeyId === revocation.apiKeyId) this.cache.delete(key);
    }
    this.inFlight.clear();
  }

  resync(): void {
    this.revocationEpoch += 1;
    this.cache.clear();
    this.inFlight.clear();
  }

  private async lookup(key: string): Promise<ResolvedApiKey | null> {
    const epoch = this.revocationEpoch;
    let value: ResolvedApiKey | null;
    try {
      const answer = await this.client.call<{ data: ResolvedApiKey }>(this.identityUrl, '/internal/api-keys/resolve', {
        body: { key },
      });
      value = answer.data;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') value = null;
      else throw error;
    }
    if (epoch === this.revocationEpoch) {
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    }
    return value;
  }
}
