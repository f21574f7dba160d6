// How many emails the intake took lately, per second (RecentRates: per user): the larger of the last whole second's
// count and the current second's so far, so a burst counts from its first emails and a quiet second after a busy one
// still counts as busy.

export class RecentRate {
  private second = 0;
  private current = 0;
  private previous = 0;

  add(count: number, now = Date.now()): void {
    this.roll(now);
    this.current += count;
  }

  perSecond(now = Date.now()): number {
    this.roll(now);
    return Math.max(this.previous, this.current);
  }

  private roll(now: number): void {
    const second = Math.floor(now / 1000);
    if (second === this.second) return;
    this.previous = second === this.second + 1 ? this.current : 0;
    this.current = 0;
    this.second = second;
  }
}

/** A RecentRate for each key (a user); a key with nothing in the last whole second or this one is forgotten. */
export class RecentRates {
  private readonly rates = new Map<string, RecentRate>();
  private prunedSecond = 0;

  add(key: string, count: number, now = Date.now()): void {
    this.prune(now);
    let rate = this.rates.get(key);
    if (!rate) {
      rate = new RecentRate();
      this.rates.set(key, rate);
    }
    rate.add(count, now);
  }

  perSecond(key: string, now = Date.now()): number {
    return this.rates.get(key)?.perSecond(now) ?? 0;
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.rates.size;
  }

  private prune(now: number): void {
    const second = Math.floor(now / 1000);
    if (second === this.prunedSecond) return;
    this.prunedSecond = second;
    for (const [key, rate] of this.rates) if (rate.perSecond(now) === 0) this.rates.delete(key);
  }
}
