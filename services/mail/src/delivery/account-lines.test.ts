import { describe, expect, it } from 'vitest';
import { AccountLines } from './account-lines';

/** A line whose clock the test moves. */
function linesAt(start = 1_000_000) {
  const clock = { now: start };
  const lines = new AccountLines(() => clock.now);
  return { lines, clock };
}

/** Runs `jobs` jobs of `size` emails through the line, finishing one every `everyMs` (a measured rate). */
function drain(lines: AccountLines, clock: { now: number }, jobs: number, size: number, everyMs: number) {
  for (let job = 0; job < jobs; job++) lines.enter('a', size);
  for (let job = 0; job < jobs; job++) {
    clock.now += everyMs;
    lines.leave('a', size);
  }
}

describe('AccountLines', () => {
  it('counts the emails running over all accounts, and when a job last left (first: when the lines were made)', () => {
    const { lines, clock } = linesAt();
    expect(lines.lastActiveAt()).toBe(clock.now);
    lines.enter('a', 100);
    lines.enter('b', 5);
    clock.now += 50;
    lines.leave('a', 100);
    lines.leave('a', 100); // nothing left of a: no negative count
    expect(lines.runningEmails()).toBe(5);
    expect(lines.lastActiveAt()).toBe(clock.now);
  });

  it('does not count a job given back before it started in the account’s drain rate', () => {
    /** The return time after a measured drain, 600 ms with or without a job of 1,000 that left. */
    const returnAfter = (left?: 'given back' | 'finished') => {
      const { lines, clock } = linesAt();
      drain(lines, clock, 10, 100, 100); // 1 email a millisecond
      if (left) lines.enter('a', 1_000);
      clock.now += 600;
      if (left) lines.leave('a', 1_000, left === 'finished');
      lines.enter('a', 100);
      return lines.returnTime('a', 1_000, 0) - clock.now;
    };
    expect(returnAfter('given back')).toBe(returnAfter());
    expect(returnAfter('finished')).toBeLessThan(returnAfter());
  });

  it('counts the emails of the jobs running per account', () => {
    const { lines } = linesAt();
    lines.enter('a', 100);
    lines.enter('a', 30);
    lines.enter('b', 5);
    expect(lines.running('a')).toBe(130);
    lines.leave('a', 100);
    expect(lines.running('a')).toBe(30);
    expect(lines.running('b')).toBe(5);
    expect(lines.running('c')).toBe(0);
  });

  it('sends a job back after 30 s until a rate is measured (a job leaving the line brings it sooner)', () => {
    const { lines, clock } = linesAt();
    lines.enter('a', 1_000);
    expect(lines.returnTime('a', 50, 1_000) - clock.now).toBe(30_000);
  });

  it('spaces the jobs of an account with no rate yet 50 ms apart instead of sending them all back at once', () => {
    const { lines, clock } = linesAt();
    lines.enter('a', 1_000);
    const now = clock.now;
    const returns = Array.from({ length: 4 }, () => lines.returnTime('a', 100, 1_000) - now);
    expect(returns).toEqual([30_000, 30_050, 30_100, 30_150]);
  });

  it('spaces the jobs that step aside by twice the time their emails take at the measured rate', () => {
    const { lines, clock } = linesAt();
    // 10 jobs of 50 finished over 1 s: 500 emails a second, 0.5 a millisecond.
    drain(lines, clock, 10, 50, 100);
    lines.enter('a', 1_000);
    const now = clock.now;
    const returns = Array.from({ length: 5 }, () => lines.returnTime('a', 100, 1_000) - now);
    // 100 emails at 0.5/ms is 200 ms: the first once twice a job's worth would have drained, then 400 ms apart.
    expect(returns).toEqual([400, 800, 1_200, 1_600, 2_000]);
  });

  it('waits for the line to drain to the bound first', () => {
    const { lines, clock } = linesAt();
    drain(lines, clock, 10, 50, 100);
    lines.enter('a', 2_000);
    // 1,000 over the bound at 0.5/ms: 2,000 ms, then its own 100 ms, both twice over.
    expect(lines.returnTime('a', 50, 1_000) - clock.now).toBe(2 * (2_000 + 100));
  });

  it('measures the rate only while the account has work here', () => {
    const { lines, clock } = linesAt();
    drain(lines, clock, 10, 50, 100); // 0.5 a millisecond
    clock.now += 60_000; // a quiet minute
    drain(lines, clock, 6, 50, 100); // the next window starts when the work does: still 0.5
    lines.enter('a', 1_000);
    const first = lines.returnTime('a', 100, 1_000);
    expect(lines.returnTime('a', 100, 1_000) - first).toBe(400);
  });

  it('never sends a job back later than 60 s, however slow the account was', () => {
    const { lines, clock } = linesAt();
    drain(lines, clock, 2, 1, 500); // 2 emails a second
    lines.enter('a', 5_000);
    expect(lines.returnTime('a', 100, 1_000) - clock.now).toBe(60_000);
  });

  it('starts again from now once the jobs due back are past', () => {
    const { lines, clock } = linesAt();
    drain(lines, clock, 10, 50, 100);
    lines.enter('a', 1_000);
    lines.returnTime('a', 100, 1_000);
    lines.returnTime('a', 100, 1_000);
    clock.now += 60_000;
    expect(lines.returnTime('a', 100, 1_000) - clock.now).toBe(400);
  });

  it('keeps each account to its own line', () => {
    const { lines, clock } = linesAt();
    drain(lines, clock, 10, 50, 100);
    lines.enter('a', 1_000);
    for (let job = 0; job < 20; job++) lines.returnTime('a', 100, 1_000);
    lines.enter('b', 1_000);
    expect(lines.returnTime('b', 100, 1_000) - clock.now).toBe(30_000);
  });

  it('forgets an account with nothing running and nothing due back', () => {
    const { lines, clock } = linesAt();
    lines.enter('a', 10);
    lines.enter('b', 10);
    lines.returnTime('b', 10, 5);
    lines.leave('a', 10);
    expect(lines.size).toBe(1);
    lines.leave('b', 10);
    expect(lines.size).toBe(1); // b's job is due back in 30 s
    clock.now += 31_000;
    lines.enter('c', 1);
    lines.leave('c', 1);
    expect(lines.size).toBe(0);
  });
});
