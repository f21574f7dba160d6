// Percentiles and small formatting helpers for the benchmark.

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Nearest-rank percentile of an unsorted list (copied and sorted once per call). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function summarize(values: number[]): LatencySummary {
  if (values.length === 0) return { count: 0, p50Ms: Number.NaN, p99Ms: Number.NaN, maxMs: Number.NaN };
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
  return { count: sorted.length, p50Ms: round(at(50)), p99Ms: round(at(99)), maxMs: round(sorted[sorted.length - 1] as number) };
}

export const round = (value: number, digits = 2) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? round(a / b, 3) : Number.NaN);

/** "p99 by second: median 9.1 ms, worst 48.2 ms (second 7 of 20)": whether a tail is spread out or a few stalls. */
export function describeSeconds(run: { perSecondP99Ms: number[] }): string {
  const seconds = run.perSecondP99Ms.filter((value) => Number.isFinite(value));
  if (seconds.length === 0) return 'p99 by second: none';
  const worst = Math.max(...seconds);
  const at = run.perSecondP99Ms.indexOf(worst) + 1;
  return `p99 by second: median ${round(percentile(seconds, 50))} ms, worst ${worst} ms (second ${at} of ${run.perSecondP99Ms.length})`;
}

/**
 * The most instants in any window of `windowMs` (instants less than `windowMs` apart share a window, as the
 * sender limiter counts a send until it is exactly `windowMs` old). Exact: two pointers over the sorted list.
 */
export function maxInWindow(instants: number[], windowMs: number): number {
  const sorted = Float64Array.from(instants).sort();
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/**
 * The shortest first-to-last span a limit of `perWindow` sends per `windowMs` allows for `n` sends: the first
 * `perWindow` go at once, each later group of `perWindow` one window after the one before.
 */
export function idealSpanMs(n: number, perWindow: number, windowMs = 60_000): number {
  if (n <= 0 || perWindow <= 0) return 0;
  return (Math.ceil(n / perWindow) - 1) * windowMs;
}

/**
 * How much of the allowed rate a paced run used: ideal span / actual first-to-last span (1 = as fast as the
 * limit allows; below 1, slower; above 1, faster than the limit allows, i.e. it was not held). NaN when the
 * limit allows every send at once (ideal span 0), where the ratio says nothing.
 */
export function pacingUtilisation(n: number, perWindow: number, firstMs: number, lastMs: number, windowMs = 60_000): number {
  const ideal = idealSpanMs(n, perWindow, windowMs);
  if (ideal === 0) return Number.NaN;
  return round(ideal / Math.max(1, lastMs - firstMs), 3);
}

/**
 * Each count runs twice, up then down (1, 2, 4, 4, 2, 1): this VM's speed drifts by tens of percent within
 * minutes, and a drift that is steady through the phase then moves every count's mean alike instead of
 * landing on whichever count ran last.
 */
export function mirrored(counts: readonly number[]): number[] {
  return [...counts, ...[...counts].reverse()];
}

/** The scale-out ratio: mean rate of the runs with `workers` workers ÷ mean rate of those with 1. */
export function meanRatio(runs: readonly { workers: number; emailsPerSecond: number }[], workers: number): number {
  const mean = (count: number) => {
    const rates = runs.filter((run) => run.workers === count).map((run) => run.emailsPerSecond);
    return rates.length > 0 ? rates.reduce((sum, rate) => sum + rate, 0) / rates.length : Number.NaN;
  };
  return round(mean(workers) / mean(1), 3);
}

/**
 * The rate (per second) within each of `parts` equal shares of a run's instants, in order: a drain whose last
 * share is slower than the rest ended with some of its consumers idle while others still had work.
 */
export function ratesByShare(instants: readonly number[], parts = 5): number[] {
  const rates: number[] = [];
  for (let part = 0; part < parts; part++) {
    const from = Math.floor((part * instants.length) / parts);
    const to = Math.floor(((part + 1) * instants.length) / parts) - 1;
    const spanMs = (instants[to] ?? 0) - (instants[from] ?? 0);
    rates.push(to > from && spanMs > 0 ? round(((to - from) / spanMs) * 1000, 1) : Number.NaN);
  }
  return rates;
}
