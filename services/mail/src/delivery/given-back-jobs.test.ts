import { describe, expect, it } from 'vitest';
import { GivenBackJobs } from './given-back-jobs';

function givenBack() {
  const clock = { now: 1_000_000 };
  return { clock, jobs: new GivenBackJobs(() => clock.now) };
}

describe('GivenBackJobs', () => {
  it('passes on a job fetched again soon after it was given back, three times at most', () => {
    const { jobs } = givenBack();
    jobs.remember('a');
    expect([jobs.passOn('a'), jobs.passOn('a'), jobs.passOn('a'), jobs.passOn('a')]).toEqual([true, true, true, false]);
    expect(jobs.passOn('a')).toBe(false); // forgotten once run here
  });

  it('counts the passes of one give-back across the moves that pass it on', () => {
    const { jobs } = givenBack();
    jobs.remember('a');
    for (let pass = 0; pass < 3; pass += 1) {
      expect(jobs.passOn('a')).toBe(true);
      jobs.remember('a'); // moved to the queue again
    }
    expect(jobs.passOn('a')).toBe(false);
  });

  it('runs a job fetched again two seconds or more after it was given back, and never one it did not give back', () => {
    const { clock, jobs } = givenBack();
    jobs.remember('a');
    jobs.remember('b');
    clock.now += 1_999;
    expect(jobs.passOn('b')).toBe(true);
    clock.now += 1;
    expect(jobs.passOn('a')).toBe(false);
    expect(jobs.passOn('c')).toBe(false);
  });

  it('forgets what it gave back long ago', () => {
    const { clock, jobs } = givenBack();
    for (let job = 0; job < 1_000; job += 1) jobs.remember(`old-${job}`);
    clock.now += 2_000;
    jobs.remember('new');
    expect(jobs.size).toBe(1);
  });
});
