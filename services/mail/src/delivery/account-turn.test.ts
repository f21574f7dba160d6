import { type Job, WaitingError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { AccountLines } from './account-lines';
import { inAccountTurn } from './account-turn';
import { GivenBackJobs } from './given-back-jobs';

/**
 * A line of at most 200 emails per account, its clock moved by the test, and the accounts whose jobs were pulled.
 * Each pull finds a stepped-aside job listed while `listed.aside` is true.
 */
function turns() {
  const clock = { now: 1_000_000 };
  const lines = new AccountLines(() => clock.now);
  const pulled: string[] = [];
  const listed = { aside: true };
  const deps = {
    maxBacklogPerAccount: 200,
    onLineRoom: async (accountId: string) => {
      pulled.push(accountId);
      return listed.aside;
    },
  };
  /** Runs a job of `emails` of account `a` until `done` resolves (no lock token: it neither steps aside nor waits). */
  const run = (emails: number, done: Promise<void>) =>
    inAccountTurn(deps, lines, { id: 'job' } as Job, 'a', emails, undefined, () => done);
  return { clock, lines, listed, pulled, run };
}

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('inAccountTurn', () => {
  it('brings a stepped-aside job forward for every job that leaves a line full lately, not only a full one', async () => {
    const { clock, pulled, run } = turns();
    const first = deferred();
    const second = deferred();
    const jobs = [run(100, first.promise), run(100, second.promise)]; // 200: the line is at its bound
    first.resolve();
    await jobs[0];
    expect(pulled).toEqual(['a']); // it left a full line
    clock.now += 1_000;
    second.resolve();
    await jobs[1];
    // The line was no longer full (the job pulled may have gone to another worker), but was full a second ago.
    expect(pulled).toEqual(['a', 'a']);
    clock.now += 30_000;
    await run(100, Promise.resolve());
    expect(pulled).toEqual(['a', 'a']); // full 31 s ago: its account's backlog is long gone
  });

  it('stops pulling once a pull finds none stepped aside, until the line is full again', async () => {
    const { lines, listed, pulled, run } = turns();
    const first = deferred();
    const jobs = [run(100, first.promise), run(100, new Promise(() => {}))]; // at its bound; the second never ends
    listed.aside = false;
    first.resolve();
    await jobs[0];
    await Promise.resolve(); // the pull's answer
    expect(pulled).toEqual(['a']);
    await run(50, Promise.resolve());
    expect(pulled).toEqual(['a']); // the backlog has drained: no Redis call for this job
    const mark = lines.fullMark('a');
    lines.markFull('a'); // a job stepped aside while a pull was looking
    lines.drained('a', mark);
    await run(50, Promise.resolve());
    expect(pulled).toEqual(['a', 'a']);
  });

  it('brings nothing forward for an account whose line was never full', async () => {
    const { pulled, run } = turns();
    await Promise.all([run(100, Promise.resolve()), run(99, Promise.resolve())]);
    expect(pulled).toEqual([]);
  });

  it('passes on a job it gave back lately, fetched here again, unclaimed and out of the line, until it is its own', async () => {
    const lines = new AccountLines();
    const givenBack = new GivenBackJobs();
    const moves: string[] = [];
    const job = { id: 'batch-1', moveToWait: async (token: string) => moves.push(token) } as unknown as Job;
    const deps = { maxBacklogPerAccount: 200, givenBack };
    let delivered = 0;
    const run = () => inAccountTurn(deps, lines, job, 'a', 100, 'lock-1', async () => (delivered += 1));
    await expect(run()).resolves.toBe(1); // never given back: it runs
    givenBack.remember('batch-1');
    for (let pass = 0; pass < 3; pass += 1) await expect(run()).rejects.toBeInstanceOf(WaitingError);
    expect(moves).toEqual(['lock-1', 'lock-1', 'lock-1']);
    expect(lines.running('a')).toBe(0);
    await expect(run()).resolves.toBe(2); // three passes: the dry worker did not take it, so it runs here
  });
});
