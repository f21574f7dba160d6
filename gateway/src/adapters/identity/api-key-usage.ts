// Reports which API keys were used (identity's "last used"), counting only calls the upstream service accepted
// (< 400): a refused call must not make a key look in use. Distinct ids are batched and sent once per interval
// to POST /internal/api-keys/usage; a failed report is logged and its ids are tried again with the next one,
// except when identity has no such route (404, an older identity): then the batch is dropped with a warning
// (once a minute). Reporting never touches the request: it happens after the answer, off the request path.
import { AppError } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';

/** Sends one batch of distinct key ids; rejects when identity did not take it. */
export type SendUsage = (apiKeyIds: string[]) => Promise<void>;

const MAX_PENDING = 100_000;
const NOT_FOUND_WARNING_EVERY_MS = 60_000;

export class ApiKeyUsageReporter {
  private pending = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  private sending: Promise<void> | null = null;
  private lastNotFoundWarning = 0;

  constructor(
    private readonly send: SendUsage,
    private readonly log: FastifyBaseLogger,
    intervalMs = 1_000,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  record(apiKeyId: string): void {
    if (this.pending.size < MAX_PENDING) this.pending.add(apiKeyId);
  }

  /** Sends what is pending (called by the timer, and once more on shutdown). */
  async flush(): Promise<void> {
    if (this.sending || this.pending.size === 0) return this.sending ?? undefined;
    const batch = this.pending;
    this.pending = new Set();
    this.sending = this.send([...batch])
      .catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) return this.warnNotFound();
        this.log.warn({ err: error, keys: batch.size }, 'API key usage not reported; retrying with the next report');
        for (const id of batch) this.record(id);
      })
      .finally(() => {
        this.sending = null;
      });
    return this.sending;
  }

  private warnNotFound(): void {
    if (Date.now() - this.lastNotFoundWarning < NOT_FOUND_WARNING_EVERY_MS) return;
    this.lastNotFoundWarning = Date.now();
    this.log.warn('identity does not take API key usage reports (404): last-used times are not recorded');
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sending;
    await this.flush();
  }
}
