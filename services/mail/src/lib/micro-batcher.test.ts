import { describe, expect, it } from 'vitest';
import { MicroBatcher } from './micro-batcher';

describe('MicroBatcher', () => {
  it('hands items pushed in the same tick to one handler call and answers each caller', async () => {
    const calls: number[][] = [];
    const batcher = new MicroBatcher<number, number>(async (items) => {
      calls.push(items);
      return items.map((n) => n * 2);
    });
    const results = await Promise.all([1, 2, 3].map((n) => batcher.push(n)));
    expect(results).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('splits batches at maxBatch and rejects every item of a failed batch', async () => {
    const sizes: number[] = [];
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        sizes.push(items.length);
        if (items.includes(5)) throw new Error('boom');
        return items;
      },
      { maxBatch: 2, maxInFlight: 1 },
    );
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => batcher.push(n)));
    expect(sizes).toEqual([2, 2, 1]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
  });
});
