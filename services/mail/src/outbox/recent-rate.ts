// How many emails the intake took lately, per second: the larger of the last whole second's count and the current
// second's so far, so a burst counts from its first emails and a quiet second after a busy one still counts as busy.

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
