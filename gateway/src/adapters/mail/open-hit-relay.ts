// Open-pixel hits answered at the edge, relayed to the mail service in batches: one internal request per
// flushMs instead of one proxied request per hit. The mail service verifies every token and records the opens.
// While it is unreachable the hits wait (up to maxPending, newest dropped beyond) and the relay retries with
// backoff; a pixel is always answered, as a mail client expects.
import { OPEN_HITS_PER_RELAY, type OpenHit } from '@mailwright/contracts';
import type { FastifyBaseLogger } from 'fastify';

export interface RelayOptions {
  flushMs: number;
  maxPending: number;
}

const DEFAULT_RELAY_OPTIONS: RelayOptions = { flushMs: 25, maxPending: 50_000 };

const MAX_BACKOFF_MS = 5_000;

export class OpenHitRelay {
  private readonly pending: OpenHit[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing = false;
  private failures = 0;
  private dropped = 0;

  constructor(
    private readonly send: (hits: OpenHit[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly options: RelayOptions = DEFAULT_RELAY_OPTIONS,
  ) {}

  push(hit: OpenHit): void {
    if (this.pending.length >= this.options.maxPending) {
      if (this.dropped++ % 1_000 === 0)
        this.log.warn({ dropped: this.dropped }, 'open hits dropped: the mail service is not taking them');
      return;
    }
    this.pending.push(hit);
    if (!this.timer && !this.flushing) this.flushIn(this.options.flushMs);
  }

  /** Relays what is pending (shutdown); gives up after timeoutMs. */
  async close(timeoutMs = 2_000): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const deadline = Date.now() + timeoutMs;
    while (this.pending.length > 0 && Date.now() < deadline) {
      await this.flush();
      if (this.pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length > 0) this.log.warn({ lost: this.pending.length }, 'open hits not relayed before shutdown');
  }

  private flushIn(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        // New hits are only ever appended, so the batch is still the front of the list after the await.
        const batch = this.pending.slice(0, OPEN_HITS_PER_RELAY);
        try {
          await this.send(batch);
        } catch (error) {
          this.failures += 1;
          const backoffMs = Math.min(MAX_BACKOFF_MS, 100 * 2 ** this.failures);
          this.log.warn({ err: error, pending: this.pending.length, retryInMs: backoffMs }, 'open hits not relayed yet');
          if (!this.timer) this.flushIn(backoffMs);
          return;
        }
        this.pending.splice(0, batch.length);
        this.failures = 0;
      }
    } finally {
      this.flushing = false;
    }
  }
}
