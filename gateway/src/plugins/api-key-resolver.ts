// Resolves X-API-Key values through identity; answers are cached briefly so a disabled or
// deleted key stops working within API_KEY_CACHE_SECONDS without a lookup per request.
import type { ResolvedApiKey } from '@mailwright/contracts';
import { AppError, type InternalClient } from '@mailwright/kit';

export class ApiKeyResolver {
  private readonly cache = new Map<string, { value: ResolvedApiKey | null; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<ResolvedApiKey | null>>();

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
      pending = this.lookup(key).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async lookup(key: string): Promise<ResolvedApiKey | null> {
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
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    return value;
  }
}
