import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BatcherOptions, MicroBatcher } from './micro-batcher';

/** A batcher that answers each item with itself and records every call with its time since creation. */
function recordingBatcher(options: BatcherOptions) {
  const calls: Array<{ items: number[]; at: number }> = [];
  const started = Date.now();
  const batcher = new MicroBatcher<number, number>(async (items) => {
    calls.push({ items, at: Date.now() - started });
    return items;
  }, options);
  return { batcher, calls };
}

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

  // Fake timers: what is measured is which timer a flush waits for, not how fast a loaded machine runs it.
  describe('lingering', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('with lingerMs, items pushed over a few milliseconds share a call, and a full batch does not wait', async () => {
      const { batcher, calls } = recordingBatcher({ maxBatch: 3, maxInFlight: 1, lingerMs: 40 });
      const first = batcher.push(1);
      await vi.advanceTimersByTimeAsync(10);
      const second = batcher.push(2);
      await vi.advanceTimersByTimeAsync(29);
      expect(calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await Promise.all([first, second])).toEqual([1, 2]);
      expect(calls).toEqual([{ items: [1, 2], at: 40 }]);

      const full = Promise.all([4, 5, 6].map((n) => batcher.push(n)));
      await vi.advanceTimersByTimeAsync(0);
      expect(await full).toEqual([4, 5, 6]);
      expect(calls[1]).toEqual({ items: [4, 5, 6], at: 40 });
    });

    it("with lingerWhen 'arriving', a lone item goes at once and items arriving during a flight linger together", async () => {
      const calls: Array<{ items: number[]; at: number }> = [];
      const started = Date.now();
      let release = () => {};
      const batcher = new MicroBatcher<number, number>(
        async (items) => {
          calls.push({ items, at: Date.now() - started });
          if (items[0] === 1) await new Promise<void>((resolve) => (release = resolve));
          return items;
        },
        { maxBatch: 10, maxInFlight: 2, lingerMs: 40, lingerWhen: 'arriving' },
      );
      const first = batcher.push(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toEqual([{ items: [1], at: 0 }]);

      const second = batcher.push(2);
      await vi.advanceTimersByTimeAsync(10);
      const third = batcher.push(3);
      await vi.advanceTimersByTimeAsync(29);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await Promise.all([second, third])).toEqual([2, 3]);
      expect(calls[1]).toEqual({ items: [2, 3], at: 40 });
      release();
      expect(await first).toBe(1);
    });

    it("with lingerWhen 'arriving', a steady stream gathers even when no flush is in flight", async () => {
      const { batcher, calls } = recordingBatcher({ maxBatch: 10, maxInFlight: 2, lingerMs: 3, lingerWhen: 'arriving' });
      // Items 10 ms apart: each is alone, and goes at once.
      const lone = batcher.push(1);
      await vi.advanceTimersByTimeAsync(10);
      expect(await lone).toBe(1);
      const second = batcher.push(2);
      await vi.advanceTimersByTimeAsync(0);
      expect(await second).toBe(2);
      expect(calls).toEqual([
        { items: [1], at: 0 },
        { items: [2], at: 10 },
      ]);
      // Then 2 ms apart (500 a second): the first of the stream waits for the next, and both go when it comes.
      await vi.advanceTimersByTimeAsync(2);
      const third = batcher.push(3);
      await vi.advanceTimersByTimeAsync(2);
      expect(calls).toHaveLength(2);
      const fourth = batcher.push(4);
      await vi.advanceTimersByTimeAsync(0);
      expect(await Promise.all([third, fourth])).toEqual([3, 4]);
      expect(calls[2]).toEqual({ items: [3, 4], at: 14 });
      // The first of a stream whose next item is late goes after lingerMs on its own.
      await vi.advanceTimersByTimeAsync(2);
      const fifth = batcher.push(5);
      await vi.advanceTimersByTimeAsync(3);
      expect(await fifth).toBe(5);
      expect(calls[3]).toEqual({ items: [5], at: 19 });
    });
  });
});
