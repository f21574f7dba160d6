import { describe, expect, it } from 'vitest';
import { describeSeconds, percentile, summarize } from './stats';

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
