import type { EmailLog } from '@mailwright/contracts';
import { serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

const h = new Harness('schedule');
beforeAll(() => h.start());
afterAll(() => h.stop());

const cancel = async (userId: string, id: string) =>
  h.app.inject({ method: 'DELETE', url: `/emails/${id}/cancel`, headers: await userHeaders(userId) });
const quota = async (userId: string) =>
  (await h.app.inject({ method: 'GET', url: `/internal/quota/${userId}`, headers: await serviceHeaders('identity') })).json()
    .data;

describe('scheduling', () => {
  it('does not deliver early and delivers within 2 s of the scheduled time', async () => {
    const { userId } = h.newUser();
    const at = new Date(Date.now() + 2_500);
    const response = await h.send(userId, {
      to: ['later@example.net'],
      subject: 'Later',
      body: 'scheduled',
      scheduledAt: at.toISOString(),
      timezone: 'Asia/Kolkata',
    });
    expect(response.statusCode).toBe(201);
    const email = response.json<{ data: EmailLog }>().data;
    expect(email).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString(), timezone: 'Asia/Kolkata' });

    const [received] = await waitFor(
      () => (h.smtp.to('later@example.net').length ? h.smtp.to('later@example.net') : null),
      10_000,
    );
    expect(received!.receivedAt).toBeGreaterThanOrEqual(at.getTime());
    expect(received!.receivedAt - at.getTime()).toBeLessThan(2_000);
    await waitFor(async () => (await h.emailStatus(email.id)) === 'sent');
  });

  it('accepts both Asia/Kolkata and its alias Asia/Calcutta, and wall-clock times in that zone', async () => {
    const { userId } = h.newUser();
    const future = new Date(Date.now() + 86_400_000);
    const wall = new Date(future.getTime() + 330 * 60_000).toISOString().slice(0, 16); // Kolkata is UTC+05:30
    const response = await h.send(userId, {
      to: ['x@example.net'],
      subject: 's',
      body: 'b',
      scheduledAt: wall,
      timezone: 'Asia/Calcutta',
    });
    expect(response.statusCode).toBe(201);
    const expected = new Date(Math.floor(future.getTime() / 60_000) * 60_000).toISOString();
    expect(response.json().data.scheduledAt).toBe(expected);
  });
});

describe('cancelling', () => {
  it('cancels a scheduled email: never delivered, quota given back, job gone', async () => {
    const { userId } = h.newUser();
    const response = await h.send(userId, {
      to: ['never@example.net'],
      subject: 'Never',
      body: 'cancelled',
      scheduledAt: new Date(Date.now() + 1_500).toISOString(),
    });
    const email = response.json<{ data: EmailLog }>().data;
    expect(await quota(userId)).toEqual({ used: 1, limit: 100 });

    const cancelled = await cancel(userId, email.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await quota(userId)).toEqual({ used: 0, limit: 100 });

    const again = await cancel(userId, email.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Only scheduled emails can be cancelled', code: 'CONFLICT' });

    // Past its time, with the reconciler running, it must still not go out.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await h.worker?.reconcileNow();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.smtp.to('never@example.net')).toHaveLength(0);
    expect(await h.emailStatus(email.id)).toBe('cancelled');
  });

  it('refuses to cancel an email that is not scheduled', async () => {
    const { userId } = h.newUser();
    const email = (await h.send(userId, { to: ['now@example.net'], subject: 'Now', body: 'b' })).json<{ data: EmailLog }>().data;
    await waitFor(async () => (await h.emailStatus(email.id)) === 'sent');
    const response = await cancel(userId, email.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only scheduled emails can be cancelled');
  });

  it('never sends a cancelled email even when its job still runs', async () => {
    const { userId, accountId } = h.newUser();
    const email = (
      await h.send(userId, {
        to: ['racy@example.net'],
        subject: 'Racy',
        body: 'b',
        scheduledAt: new Date(Date.now() + 600_000).toISOString(),
      })
    ).json<{ data: EmailLog }>().data;
    // Cancel in the database only, leaving the delayed job in Redis, then make the job due now.
    await h.pool.query("UPDATE mail.emails SET status = 'cancelled' WHERE id = $1", [email.id]);
    const { Queue } = await import('bullmq');
    const queue = new Queue('send', { connection: h.redis, prefix: h.config.QUEUE_PREFIX });
    const { rows } = await h.pool.query<{ jobId: string }>('SELECT job_id AS "jobId" FROM mail.emails WHERE id = $1', [email.id]);
    const jobId = rows[0]?.jobId ?? '';
    const job = await waitFor(() => queue.getJob(jobId));
    expect(job.data).toEqual({ emailIds: [email.id], requestIds: [expect.any(String)], accountId });
    await job.promote();
    await waitFor(async () => (await queue.getJob(jobId)) === undefined);
    await queue.close();
    expect(h.smtp.to('racy@example.net')).toHaveLength(0);
    expect(await h.emailStatus(email.id)).toBe('cancelled');
  });
});
