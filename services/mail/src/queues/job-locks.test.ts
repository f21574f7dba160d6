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

  it('renews a lock short of the margin itself, once for all of a run’s emails, from when the renewal was sent', async () => {
    const { locks, clock } = locksAt();
    locks.started('t1', clock.now);
    expect(locks.ensure('t1', 1_000, () => Promise.reject(new Error('not asked')))).toBe(true);
    clock.now += 5_500; // the timer's renewal is late: 0.5 s left
    const asked: number[] = [];
    let answer: (kept: boolean) => void = () => undefined;
    const renew = (duration: number) => {
      asked.push(duration);
      return new Promise<boolean>((resolve) => {
        answer = resolve;
      });
    };
    const first = locks.ensure('t1', 1_000, renew);
    const second = locks.ensure('t1', 1_000, renew);
    clock.now += 2_000; // the answer is read late: 6,000 − 2,000 = 4 s left of the renewal
    answer(true);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(asked).toEqual([6_000]);
    clock.now += 3_500; // 0.5 s left of the renewal
    expect(locks.holds('t1', 1_000)).toBe(false);
  });

  it('gives a run up once its own renewal finds the lock gone, and keeps the lock as it was when Redis fails', async () => {
    const { locks, clock } = locksAt();
    locks.started('gone', clock.now);
    locks.started('unsure', clock.now);
    clock.now += 5_500;
    await expect(locks.ensure('gone', 1_000, () => Promise.resolve(false))).resolves.toBe(false);
    expect(locks.ensure('gone', 0, () => Promise.resolve(true))).toBe(false); // known lost: no renewal asked
    await expect(locks.ensure('unsure', 1_000, () => Promise.reject(new Error('redis down')))).resolves.toBe(false);
    expect(locks.holds('unsure', 400)).toBe(true); // 0.5 s left, as before the failed renewal
  });

  it('tells a run moving its own job on from a lock lost, and forgets it when the run ends', () => {
    const { locks, clock } = locksAt();
    locks.started('stepping-aside', clock.now);
    locks.started('running', clock.now);
    locks.movingOn('stepping-aside');
    locks.movingOn('never-started');
    locks.movingOn(undefined);
    expect(locks.isMovingOn('stepping-aside')).toBe(true);
    expect(locks.isMovingOn('running')).toBe(false);
    expect(locks.isMovingOn('never-started')).toBe(false);
    locks.finished('stepping-aside');
    expect(locks.isMovingOn('stepping-aside')).toBe(false);
  });
});
