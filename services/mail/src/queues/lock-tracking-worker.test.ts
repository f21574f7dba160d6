import { randomBytes } from 'node:crypto';
import { testRedisUrl } from '@mailwright/kit/testing';
import { DelayedError, type Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { JobLocks } from './job-locks';
import { LockTrackingWorker } from './lock-tracking-worker';

const prefix = `mwtest-locks-${randomBytes(4).toString('hex')}`;
const connection = new Redis(testRedisUrl, { maxRetriesPerRequest: null });
afterAll(async () => {
  const keys = await connection.keys(`${prefix}:*`);
  if (keys.length > 0) await connection.del(...keys);
  connection.disconnect();
});

/**
 * Runs one job that moves itself to the delayed set, marked as moving on or not, and answers what the worker
 * reports for a renewal of its lock sent right after the move (the race of BullMQ's renewal timer with a step-aside).
 */
async function renewalAfterOwnMove(markMovingOn: boolean): Promise<string[]> {
  const name = `q${randomBytes(3).toString('hex')}`;
  const locks = new JobLocks(6_000);
  const queue = new Queue(name, { connection, prefix });
  let answer: (failed: string[]) => void = () => undefined;
  const reported = new Promise<string[]>((resolve) => {
    answer = resolve;
  });
  const worker: LockTrackingWorker<unknown> = new LockTrackingWorker(
    name,
    async (job: Job, token?: string) => {
      if (!token || !job.id) throw new Error('no lock token');
      locks.started(token, Date.now());
      if (markMovingOn) locks.movingOn(token);
      await job.moveToDelayed(Date.now() + 60_000, token);
      answer(await worker.extendJobLocks([job.id], [token], 6_000));
      locks.finished(token);
      throw new DelayedError();
    },
    { connection, prefix, lockDuration: 6_000 },
    locks,
  );
  await queue.add('job', {});
  try {
    return await reported;
  } finally {
    await worker.close();
    await queue.close();
  }
}

describe('LockTrackingWorker', () => {
  it('does not report a renewal that raced the run’s own move of its job as a lost lock', async () => {
    await expect(renewalAfterOwnMove(true)).resolves.toEqual([]);
  });

  it('reports a renewal that found the lock gone otherwise', async () => {
    const failed = await renewalAfterOwnMove(false);
    expect(failed).toHaveLength(1);
  });
});
