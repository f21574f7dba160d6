// Collects work items arriving in the same moment and hands them to one handler call (one database
// round trip for many emails). A flush starts on the next tick, or after lingerMs when set (items that
// arrive one by one, like SMTP completions or HTTP requests, then share a round trip too); a full batch
// goes at once. Items arriving while flushes are in flight wait for a free slot and go out together.
export type BatchHandler<I, O> = (items: I[]) => Promise<O[]>;

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface BatcherOptions {
  maxBatch: number;
  maxInFlight: number;
  /** How long the first item of a batch waits for company (0 or unset: the next tick). */
  lingerMs?: number;
  /**
   * 'arriving': linger only when company is likely: while a flush is in flight (the items gather as with
   * 'always', the default), or when this item came within lingerMs of the one before it (it waits for the next
   * one, at most lingerMs). A lone item (a quiet moment) goes on the next tick and pays no waiting.
   */
  lingerWhen?: 'always' | 'arriving';
}

export class MicroBatcher<I, O> {
  private queue: Pending<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private lingerTimer: NodeJS.Timeout | null = null;
  private lastPushAt = Number.NEGATIVE_INFINITY;
  /** Whether the latest item came within lingerMs of the one before it. */
  private streaming = false;

  constructor(
    private readonly handler: BatchHandler<I, O>,
    private readonly options: BatcherOptions = { maxBatch: 500, maxInFlight: 2 },
  ) {}

  push(item: I): Promise<O> {
    const now = Date.now();
    this.streaming = now - this.lastPushAt <= (this.options.lingerMs ?? 0);
    this.lastPushAt = now;
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once everything pushed so far has been handled. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** afterFlight: the items waited for a busy slot already, so they go on the next tick. */
  private schedule(afterFlight = false): void {
    // 'arriving' with no flush in flight: a lone item goes at once, and the first of a stream waits only until the
    // next one comes (then both go), which halves the statements of a steady stream for the least waiting.
    const arriving = this.options.lingerWhen === 'arriving' && this.inFlight === 0;
    const linger = arriving && (!this.streaming || this.queue.length > 1) ? 0 : (this.options.lingerMs ?? 0);
    if (!afterFlight && linger > 0 && this.queue.length < this.options.maxBatch) {
      this.lingerTimer ??= setTimeout(() => {
        this.lingerTimer = null;
        this.flush();
      }, linger);
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.lingerTimer) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = null;
    }
    while (this.queue.length > 0 && this.inFlight < this.options.maxInFlight) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        if (this.queue.length > 0) this.schedule(true);
      });
    }
  }

  private async run(batch: Pending<I, O>[]): Promise<void> {
    try {
      const results = await this.handler(batch.map((entry) => entry.item));
      for (const [index, entry] of batch.entries()) entry.resolve(results[index] as O);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}
