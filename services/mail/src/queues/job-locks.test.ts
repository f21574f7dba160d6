import { describe, expect, it } from 'vitest';
import { JobLocks } from './job-locks';

function locksAt(start = 1_000_000) {
  const clock = { now: start };
  return { locks: new JobLocks(6_000, () => clock.now), clock };
}

describe('JobLocks', () => {
  it('holds a run’s lock for the lock duration from when the job was taken', () => {
    const { locks, clock } = locksAt();
    locks.started('t1', clock.now - 500);
    expect(locks.holds('t1', 1_000)).toBe(true);
    clock.now += 4_400; // 4.9 s after the take: 1.1 s left
    expect(locks.holds('t1', 1_000)).toBe(true);
    clock.now += 200; // 0.9 s left
    expect(locks.holds('t1', 1_000)).toBe(false);
  });

  it('counts a renewal from when it was sent, not from when its answer was read', () => {
    const { locks, clock } = locksAt();
    locks.started('t1', clock.now);
    const sentAt = clock.now + 1_000;
    clock.now += 5_500; // the answer is read late, by a starved loop
    locks.renewed(['t1'], [], sentAt, 6_000);
    expect(locks.holds('t1', 1_000)).toBe(true); // 7,000 − 5,500 = 1.5 s left
    clock.now += 600;
    expect(locks.holds('t1', 1_000)).toBe(false);
  });

  it('never shortens a lock by a renewal read out of order', () => {
    const { locks, clock } = locksAt();
    locks.started('t1', clock.now);
    locks.renewed(['t1'], [], clock.now + 2_000, 6_000);
    locks.renewed(['t1'], [], clock.now + 1_000, 6_000);
    clock.now += 6_500;
    expect(locks.holds('t1', 1_000)).toBe(true);
  });

  it('gives a lost lock up at once, and keeps each run to its own token', () => {
    const { locks, clock } = locksAt();
    locks.started('old', clock.now);
    locks.started('new', clock.now);
    locks.renewed(['new'], ['old'], clock.now, 6_000);
    expect(locks.holds('old', 0)).toBe(false);
    expect(locks.holds('new', 1_000)).toBe(true);
  });

  it('forgets a finished run, and takes a run it never tracked as held', () => {
    const { locks, clock } = locksAt();
    locks.started('t1', clock.now);
    locks.finished('t1');
    expect(locks.size).toBe(0);
    locks.renewed(['t1'], ['t2'], clock.now, 6_000); // a late answer for runs that ended adds nothing
    expect(locks.size).toBe(0);
    expect(locks.holds('untracked', 1_000)).toBe(true);
  });
});
