// Keys that signed in, reported to identity for its "last used" through the route the gateway's reporter uses
// (POST /internal/api-keys/usage). At most once a minute per key over every instance: the first sign-in of a key in
// a minute takes a Redis marker and reports; the others within that minute do not. A report that failed drops its
// marker so the next sign-in tries again, except a 404 (an identity without the route), which would fail again.
import { AppError, type InternalClient } from '@mailwright/kit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { KeyUsage } from '../deps';

const REPORT_EVERY_MS = 60_000;

export interface IdentityKeyUsageOptions {
  identityUrl: string;
  prefix: string;
}

export class IdentityKeyUsage implements KeyUsage {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly client: InternalClient,
    private readonly redis: Redis,
    private readonly log: Logger,
    private readonly options: IdentityKeyUsageOptions,
  ) {}

  record(apiKeyId: string): void {
    const report = this.report(apiKeyId)
      .catch((error: unknown) => this.log.warn({ err: error, apiKeyId }, 'API key use not reported to identity'))
      .finally(() => this.inFlight.delete(report));
    this.inFlight.add(report);
  }

  /** Waits for the reports under way (on shutdown). */
  async close(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  private async report(apiKeyId: string): Promise<void> {
    const marker = `${this.options.prefix}:key-used:${apiKeyId}`;
    if ((await this.redis.set(marker, '1', 'PX', REPORT_EVERY_MS, 'NX')) !== 'OK') return;
    try {
      await this.client.call(this.options.identityUrl, '/internal/api-keys/usage', {
        body: { apiKeyIds: [apiKeyId] },
        timeoutMs: 5_000,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 404)) await this.redis.del(marker).catch(() => {});
      throw error;
    }
  }
}
