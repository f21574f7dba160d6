import { describe, expect, it } from 'vitest';
import { LARGE_BODY_CHARS, LargeBodyReads } from './large-body-reads';

describe('LargeBodyReads', () => {
  it('reads a small body at once', async () => {
    const reads = new LargeBodyReads();
    let read = false;
    const result = reads.read('a', LARGE_BODY_CHARS - 1, () => {
      read = true;
      return 'text';
    });
    expect(read).toBe(true);
    expect(await result).toBe('text');
  });

  it('reads large bodies one per event-loop turn, tenants taking turns, and passes a reading’s error to its caller', async () => {
    const reads = new LargeBodyReads();
    const events: string[] = [];
    const read = (userId: string, name: string) =>
      reads.read(userId, LARGE_BODY_CHARS, () => {
        events.push(name);
        // Whatever becomes ready during a reading runs before the next reading.
        setImmediate(() => events.push(`after ${name}`));
        if (name === 'a2') throw new Error('unreadable');
        return name;
      });
    const results = Promise.allSettled([read('a', 'a1'), read('a', 'a2'), read('a', 'a3'), read('b', 'b1'), read('b', 'b2')]);
    expect(events).toEqual([]);
    const settled = await results;
    expect(events.filter((event) => !event.startsWith('after'))).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
    for (const name of ['a1', 'b1', 'a2', 'b2']) {
      const next = events[events.indexOf(name) + 2];
      expect(events[events.indexOf(name) + 1], `after ${name}, before ${next}`).toBe(`after ${name}`);
    }
    expect(
      settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message)),
    ).toEqual(['a1', 'unreadable', 'a3', 'b1', 'b2']);
  });
});
