// When a failed delivery is tried again, and when it (and its endpoint) is given up on.
export interface RetryPolicy {
  baseMs: number;
  maxDelayMs: number;
  /** A delivery is retried for this long; an endpoint failing this long without a success is disabled. */
  windowMs: number;
}

/** Delay before the next try after `attemptsMade` failed tries: base, 2×base, 4×base … capped. */
export function retryDelay(policy: RetryPolicy, attemptsMade: number): number {
  return Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.max(0, attemptsMade - 1));
}

export function formatDuration(ms: number): string {
  const units: Array<[number, string]> = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ];
  if (ms === 86_400_000) return '24 hours';
  for (const [size, name] of units) {
    if (ms >= size && ms % size === 0) {
      const count = ms / size;
      return `${count} ${name}${count === 1 ? '' : 's'}`;
    }
  }
  return `${Math.round(ms / 1000)} seconds`;
}
