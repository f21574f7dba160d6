// Resolves X-API-Key values through identity; answers are cached briefly (API_KEY_CACHE_SECONDS, kit's TtlCache:
// concurrent misses share one lookup) so there is no lookup per request. A disabled or deleted key stops working as
// soon as identity's `api-key` revocation arrives (Redis pub/sub); the cache lifetime only bounds a missed message.
import type { ResolvedApiKey, Revocation } from '@mailwright/contracts';
import { AppError, type InternalClient, TtlCache } from '@mailwright/kit';

export class ApiKeyResolver {
  private cache: TtlCache<string, ResolvedApiKey | null>;
  /** Bound once: the hot path hands the same function to every cache read. */
  private readonly load = (key: string) => this.lookup(key);

  constructor(
    private readonly client: InternalClient,
    private readonly identityUrl: string,
    private readonly ttlMs: number,
  ) {
    this.cache = this.emptyCache();
  }

  resolve(key: string): Promise<ResolvedApiKey | null> {
    return this.cache.get(key, this.load);
  }

  revoke(revocation: Revocation): void {
    if (revocation.kind !== 'api-key') return;
    this.startOver();
  }

  resync(): void {
    this.startOver();
  }

  /**
   * A fresh cache: answers and lookups in flight from before a revocation may say a revoked key is active, so
   * neither is kept (a lookup that finishes later fills the old cache, which nothing reads). Revocations are rare
   * and entries live seconds, so starting over costs one lookup per key in use.
   */
  private startOver(): void {
    this.cache = this.emptyCache();
  }

  private emptyCache(): TtlCache<string, ResolvedApiKey | null> {
    return new TtlCache({ ttlMs: this.ttlMs, maxEntries: 50_000 });
  }

  private async lookup(key: string): Promise<ResolvedApiKey | null> {
    try {
      const answer = await this.client.call<{ data: ResolvedApiKey }>(this.identityUrl, '/internal/api-keys/resolve', {
        body: { key },
      });
      return answer.data;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }
}
