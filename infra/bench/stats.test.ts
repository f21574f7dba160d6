import { describe, expect, it } from 'vitest';
import {
  describeSeconds,
  idealSpanMs,
  maxInWindow,
  meanRatio,
  mirrored,
  pacingUtilisation,
  percentile,
  ratesByShare,
  summarize,
} from './stats';

describe('bench stats', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(summarize(values)).toEqual({ count: 100, p50Ms: 50, p99Ms: 99, maxMs: 100 });
  });

  it('names the worst second of a run and the median of the seconds', () => {
    expect(describeSeconds({ perSecondP99Ms: [9, 10, 48.2, 11, Number.NaN] })).toBe(
      'p99 by second: median 10 ms, worst 48.2 ms (second 3 of 5)',
    );
    expect(describeSeconds({ perSecondP99Ms: [] })).toBe('p99 by second: none');
  });
});

describe('sliding-window maximum', () => {
  it('counts instants less than a window apart together, and one exactly a window later apart', () => {
    expect(maxInWindow([0, 59_999], 60_000)).toBe(2);
    expect(maxInWindow([0, 60_000], 60_000)).toBe(1);
  });

  it('finds the busiest window wherever it starts, in unsorted input', () => {
    // 3 at the start, then 4 packed from 50 s to 70 s: the window from 50 s holds 4, the one from 0 s holds 3 + 2.
    const instants = [70_000, 0, 1_000, 2_000, 50_000, 55_000, 65_000];
    expect(maxInWindow(instants, 60_000)).toBe(5);
  });

  it('is exact for a limit held to the millisecond and for a burst across a minute boundary', () => {
    const paced = [...Array.from({ length: 600 }, (_, i) => i), ...Array.from({ length: 600 }, (_, i) => 60_000 + i)];
    expect(maxInWindow(paced, 60_000)).toBe(600);
    // 600 at 59 s and 600 at 61 s: fixed calendar minutes would say 600 each, the sliding window sees 1,200.
    const burst = [...Array<number>(600).fill(59_000), ...Array<number>(600).fill(61_000)];
    expect(maxInWindow(burst, 60_000)).toBe(1_200);
  });

  it('answers 0 for no instants and 1 for one', () => {
    expect(maxInWindow([], 60_000)).toBe(0);
    expect(maxInWindow([5], 60_000)).toBe(1);
  });
});

describe('pacing utilisation', () => {
  it('takes the ideal span as one window per full group of the limit after the first', () => {
    expect(idealSpanMs(1_500, 600)).toBe(120_000);
    expect(idealSpanMs(1_200, 600)).toBe(60_000);
    expect(idealSpanMs(1_201, 600)).toBe(120_000);
    expect(idealSpanMs(600, 600)).toBe(0);
    expect(idealSpanMs(0, 600)).toBe(0);
  });

  it('is 1 at the fastest pace the limit allows, below 1 when slower and above 1 when the limit did not hold', () => {
    expect(pacingUtilisation(1_500, 600, 1_000, 121_000)).toBe(1);
    expect(pacingUtilisation(1_500, 600, 0, 150_000)).toBe(0.8);
    expect(pacingUtilisation(1_500, 600, 0, 3_000)).toBe(40);
  });

  it('is NaN when the limit lets every email go at once', () => {
    expect(pacingUtilisation(300, 600, 0, 2_000)).toBeNaN();
  });
});

describe('scale-out ratios', () => {
  it('runs the counts up and then down again', () => {
    expect(mirrored([1, 2, 4])).toEqual([1, 2, 4, 4, 2, 1]);
  });

  it('divides the mean rate of a count by the mean rate of one worker', () => {
    const runs = [
      { workers: 1, emailsPerSecond: 100 },
      { workers: 2, emailsPerSecond: 190 },
      { workers: 4, emailsPerSecond: 360 },
      { workers: 4, emailsPerSecond: 280 },
      { workers: 2, emailsPerSecond: 150 },
      { workers: 1, emailsPerSecond: 80 },
    ];
    expect(meanRatio(runs, 2)).toBe(1.889);
    expect(meanRatio(runs, 4)).toBe(3.556);
  });

  it('is NaN when a count has no run', () => {
    expect(meanRatio([{ workers: 2, emailsPerSecond: 10 }], 2)).toBeNaN();
  });
});

describe('ratesByShare', () => {
  it('gives the rate within each share of the instants, so a slow tail shows', () => {
    // 40 instants 10 ms apart, then 10 instants 40 ms apart.
    const instants = [
      ...Array.from({ length: 40 }, (_, i) => i * 10),
      ...Array.from({ length: 10 }, (_, i) => 390 + (i + 1) * 40),
    ];
    expect(ratesByShare(instants, 5)).toEqual([100, 100, 100, 100, 25]);
  });

  it('is NaN for a share with fewer than two instants', () => {
    expect(ratesByShare([0, 10, 20], 5)).toEqual([Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NaN]);
  });
});
