// Keeps API keys' last_used_at current without a write per request: the first use of a key is
// written at once, later uses are remembered and flushed at most once a minute per key.

import type { IdentityDatabase } from '../db/client';
import { touchApiKeys } from '../db/queries/api-keys';

const FLUSH_INTERVAL_MS = 60_000;

export class ApiKeyUsage {
  private readonly pending = new Map<string, Date>();
  private readonly lastWritten = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly write: (ids: string[], usedAt: Date) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = FLUSH_INTERVAL_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  static forDatabase(db: IdentityDatabase, onError: (error: unknown) => void): ApiKeyUsage {
    return new ApiKeyUsage((ids, usedAt) => touchApiKeys(db, ids, usedAt), onError);
  }

  record(apiKeyId: string, at = new Date()): void {
    const written = this.lastWritten.get(apiKeyId);
    if (written === undefined || at.getTime() - written >= this.intervalMs) {
      this.lastWritten.set(apiKeyId, at.getTime());
      this.pending.delete(apiKeyId);
      this.write([apiKeyId], at).catch(this.onError);
      return;
    }
    this.pending.set(apiKeyId, at);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const ids = [...this.pending.keys()];
    // One statement for every waiting key; the newest use time is within the minute of each.
    const latest = new Date(Math.max(...[...this.pending.values()].map((at) => at.getTime())));
    this.pending.clear();
    const now = Date.now();
    for (const id of ids) this.lastWritten.set(id, now);
    await this.write(ids, latest).catch(this.onError);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
