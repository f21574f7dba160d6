import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueCounts } from '../../../services/mail/src/operations/queues';
import { type AdminHarness, createAdminHarness } from './admin-harness';

describe('admin queues and reconcile', () => {
  let harness: AdminHarness;
  let redis: Redis;
  let tracking: Queue;
  let send: Queue;

  beforeAll(async () => {
    harness = await createAdminHarness('queues');
    redis = new Redis(harness.env.REDIS_URL, { maxRetriesPerRequest: null });
    tracking = new Queue('tracking', { connection: redis, prefix: harness.env.QUEUE_PREFIX });
    send = new Queue('send', { connection: redis, prefix: harness.env.QUEUE_PREFIX });
  });

  afterAll(async () => {
    await tracking?.obliterate({ force: true });
    await send?.obliterate({ force: true });
    await Promise.all([tracking?.close(), send?.close()]);
    redis?.disconnect();
    await harness?.close();
  });

  const countsOf = async (queue: string) => {
    const status = await harness.admin('queues', 'status', '--queue', queue, '--json');
    return status.json<{ queues: QueueCounts[] }>().queues[0]?.counts;
  };

  it('counts jobs per state and retries failed ones, oldest first, up to the limit', async () => {
    await tracking.addBulk([1, 2].map((n) => ({ name: 'event', data: { n }, opts: { attempts: 1 } })));
    const failing = new Worker(
      'tracking',
      async () => {
        throw new Error('database away');
      },
      { connection: redis.duplicate(), prefix: harness.env.QUEUE_PREFIX },
    );
    await expect.poll(() => tracking.getJobCountByTypes('failed'), { timeout: 10_000 }).toBe(2);
    await failing.close();

    const status = await harness.admin('queues', 'status');
    expect(status.code).toBe(0);
    expect(status.out.split('\n').filter(Boolean)).toEqual([
      'send  waiting=0  active=0  delayed=0  prioritized=0  waiting-children=0  completed=0  failed=0',
      'tracking  waiting=0  active=0  delayed=0  prioritized=0  waiting-children=0  completed=0  failed=2',
      'webhooks  waiting=0  active=0  delayed=0  prioritized=0  waiting-children=0  completed=0  failed=0',
    ]);

    const retried = await harness.admin('queues', 'retry', '--queue', 'tracking', '--limit', '1');
    expect(retried.out).toBe('tracking  retried 1  still failed 1\n');
    expect(await countsOf('tracking')).toMatchObject({ waiting: 1, failed: 1 });
    const [waiting] = await tracking.getWaiting();
    expect(waiting?.data).toEqual({ n: 1 });

    expect((await harness.admin('queues', 'retry', '--json')).json()).toEqual({
      queues: [
        { queue: 'send', retried: 0, stillFailed: 0 },
        { queue: 'tracking', retried: 1, stillFailed: 0 },
        { queue: 'webhooks', retried: 0, stillFailed: 0 },
      ],
    });
    expect(await countsOf('tracking')).toMatchObject({ waiting: 2, failed: 0 });
  });

  it('refuses an unknown queue and a limit that is not a positive number', async () => {
    expect(await harness.admin('queues', 'status', '--queue', 'nope')).toMatchObject({
      code: 1,
      err: 'Unknown queue "nope": the queues are send, tracking, webhooks\n',
    });
    expect((await harness.admin('queues', 'retry', '--limit', '0')).code).toBe(2);
    expect((await harness.admin('queues', 'purge')).code).toBe(2);
  });

  it('runs the reconciler now: a stored email whose job is missing gets one', async () => {
    const emailId = randomUUID();
    const client = new pg.Client({ connectionString: harness.env.DATABASE_URL });
    await client.connect();
    try {
      // Accepted a minute ago; Redis lost its job since.
      await client.query(
        `INSERT INTO mail.emails (id, user_id, email_account_id, from_email, "to", subject, body, status, message_id, quota_month, created_at, updated_at)
         VALUES ($1, $2, $3, 'sender@example.com', ARRAY['to@example.com'], 'Hello', 'Hi', 'queued', $4, to_char(now(), 'YYYY-MM'),
                 now() - interval '1 minute', now() - interval '1 minute')`,
        [emailId, randomUUID(), randomUUID(), `<${emailId}@mailwright.test>`],
      );
    } finally {
      await client.end();
    }
    const reconciled = await harness.admin('reconcile');
    expect(reconciled).toMatchObject({ code: 0, out: 'reconciled: 1 email(s) given a job\n' });
    expect((await send.getJob(`email-${emailId}`))?.data).toEqual({ emailIds: [emailId], requestIds: [null] });
    // Its job is live now: a second pass adds nothing.
    expect((await harness.admin('reconcile', '--json')).json()).toEqual({ enqueued: 0 });
  });

  it('refuses (exit 1, not a usage error) while a worker keeps the reconciler lock', async () => {
    const lockKey = `${harness.env.QUEUE_PREFIX}:mail:reconciler-lock`;
    await redis.set(lockKey, 'a-worker', 'PX', 10_000);
    try {
      const held = await harness.admin('reconcile', '--wait', '0');
      expect(held.code).toBe(1);
      expect(held.err).toContain('A mail worker kept the reconciler lock');
    } finally {
      await redis.del(lockKey);
    }
  });
});
