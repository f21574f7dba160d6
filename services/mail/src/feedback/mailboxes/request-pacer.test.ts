import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { MailboxThrottled } from './mailbox-errors';
import { RequestPacer, sleep } from './request-pacer';

describe('RequestPacer', () => {
  it('never lets a sliding window hold more than its budget', async () => {
    const pacer = new RequestPacer([{ units: 10, windowMs: 200 }]);
    const taken: number[] = [];
    for (let i = 0; i < 8; i++) {
      await pacer.take(5);
      taken.push(Date.now());
    }
    // Two takes of 5 fit a window; the third waits until the first leaves it.
    for (let i = 2; i < taken.length; i++) expect((taken[i] as number) - (taken[i - 2] as number)).toBeGreaterThanOrEqual(199);
  });

  it('throws MailboxThrottled instead of waiting past the deadline, and honours a pause', async () => {
    const pacer = new RequestPacer([{ units: 1, windowMs: 60_000 }]);
    await pacer.take(1);
    await expect(pacer.take(1, undefined, Date.now() + 1_000)).rejects.toBeInstanceOf(MailboxThrottled);
    const paused = new RequestPacer([{ units: 100, windowMs: 1_000 }]);
    paused.pause(150);
    const before = Date.now();
    await paused.take(1);
    expect(Date.now() - before).toBeGreaterThanOrEqual(140);
  });

  it('leaves no listener on the turn’s signal once a wait is over (a turn waits thousands of times on one signal)', async () => {
    const turn = new AbortController();
    const pacer = new RequestPacer([{ units: 1, windowMs: 5 }]);
    for (let i = 0; i < 20; i++) await pacer.take(1, turn.signal);
    await sleep(1, turn.signal);
    expect(getEventListeners(turn.signal, 'abort')).toHaveLength(0);
  });

  it('ends a wait at once when the turn stops', async () => {
    const turn = new AbortController();
    const before = Date.now();
    const waiting = sleep(60_000, turn.signal);
    turn.abort();
    await waiting;
    await sleep(60_000, turn.signal); // stopped before it began: no wait at all
    expect(Date.now() - before).toBeLessThan(1_000);
    expect(getEventListeners(turn.signal, 'abort')).toHaveLength(0);
  });
});
