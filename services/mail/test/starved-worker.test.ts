// A worker starved of CPU past its job's lock (job-locks.ts): BullMQ finds the job stalled and runs it again, and
// the next run re-claims the rows of the first. The first run must not go on sending the emails still waiting in
// its line, or both runs send them. The starvation is real: this process's event loop (the worker's, and the SMTP
// peer's) is blocked for 8 s, past the 6 s lock. An email in flight through it can have its answer come after the
// next run has claimed it again: the first run's send of it ends while the next run holds the row.
import { randomUUID } from 'node:crypto';
import { MetricsRegistry } from '@mailwright/kit';
import { metricValue } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingPeer } from './support/counting-peer';
import { Harness, waitFor } from './support/harness';

const h = new Harness('starved');
const metrics = new MetricsRegistry('mail-worker', { defaultMetrics: false });
/**
 * Answered only once the job's next run has claimed it again. It arrives 3.5 s into its job, when the job is surely
 * in BullMQ's list of jobs to check for a stall (checked every 3 s).
 */
const IN_FLIGHT = 'in-flight-35@example.net';
const inFlight = { id: '' };
const { sink, received } = countingPeer((to) => (to.includes(IN_FLIGHT) ? claimedAgain(inFlight.id) : 100));

beforeAll(async () => {
  await sink.start();
  // One connection: the job's emails wait in the account's line, one 100 ms delivery after another.
  await h.start({ worker: false, env: { SMTP_MAX_CONNECTIONS: '1' } });
  await h.startWorker({ metrics });
});
afterAll(async () => {
  await h.stop();
  await sink.stop();
});

/** Blocks this thread (timers, sockets, everything) for `ms`, as a CPU quota used up does. */
const starve = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lock key of the send job of an email. */
async function lockKeyOf(emailId: string): Promise<string> {
  const { rows } = await h.pool.query('SELECT job_id FROM mail.emails WHERE id = $1', [emailId]);
  return `${h.config.QUEUE_PREFIX}:send:${rows[0].job_id}:lock`;
}

/** Resolves once the email's row was claimed a second time (or after 10 s). */
async function claimedAgain(emailId: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const { rows } = await h.pool.query('SELECT attempts FROM mail.emails WHERE id = $1', [emailId]);
    if (rows[0]?.attempts >= 2) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function sentCount(ids: string[]): Promise<number> {
  const { rows } = await h.pool.query("SELECT count(*)::int AS n FROM mail.emails WHERE id = ANY($1) AND status = 'sent'", [ids]);
  return rows[0].n;
}

describe('a worker starved short of its job’s lock', () => {
  it('renews the lock itself when the timer’s renewal is late, and gives nothing back', async () => {
    const releasedBefore = metricValue(await metrics.text(), 'emails_released_total');
    const userId = randomUUID();
    const accountId = randomUUID();
    h.services.addSmtpAccount(userId, accountId, sink.port);
    const recipients = Array.from({ length: 30 }, (_, i) => `late-renewal-${i}@example.net`);
    const ids = (await h.sendTogether(userId, recipients)).map((email) => email.id);
    await waitFor(() => recipients.filter((to) => received.has(to)).length >= 3, 10_000);
    // Just after a renewal (6 s left), starved for 5.3 s: the lock is still the run's in Redis, with less than the
    // 1 s margin left, and the timer's next renewal has not been answered when the next email is due.
    const lockKey = await lockKeyOf(ids[0] as string);
    await waitFor(async () => (await h.redis.pttl(lockKey)) > 5_800, 5_000);
    starve(5_300);

    await waitFor(async () => (await sentCount(ids)) === ids.length, 30_000);
    expect(recipients.filter((to) => received.get(to) !== 1)).toEqual([]);
    expect(metricValue(await metrics.text(), 'emails_released_total')).toBe(releasedBefore);
  });
});

describe('a worker starved past its job’s lock', () => {
  it('sends every email of the job once: the first run gives back what it has not sent, the next run sends it', async () => {
    const userId = randomUUID();
    const accountId = randomUUID();
    h.services.addSmtpAccount(userId, accountId, sink.port);
    const recipients = Array.from({ length: 40 }, (_, i) => `starved-${i}@example.net`);
    // Sent together: one send job of 40 emails.
    const ids = (await h.sendTogether(userId, recipients)).map((email) => email.id);
    const completedBefore = metricValue(await metrics.text(), 'mail_jobs_total', { outcome: 'completed' });
    const delivered = () => recipients.filter((to) => received.has(to)).length;
    await waitFor(() => delivered() >= 3, 10_000);
    expect(delivered()).toBeLessThan(recipients.length);

    starve(8_000);

    await waitFor(async () => (await sentCount(ids)) === ids.length, 30_000);
    // A late second send would land within a few deliveries.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(recipients.filter((to) => received.get(to) !== 1)).toEqual([]);
    // The first run did give emails back: the lock it could no longer be sure of is what stopped it.
    const released = metricValue(await metrics.text(), 'emails_released_total');
    expect(released).toBeGreaterThan(0);
    // What it gave back went to the job's next run, not to a job per email.
    const completed = metricValue(await metrics.text(), 'mail_jobs_total', { outcome: 'completed' }) - completedBefore;
    expect(completed).toBe(1);
  });
});

describe('an email in flight while its worker starves past the lock', () => {
  it('is sent once when its send ends after the next run has claimed it again', async () => {
    const userId = randomUUID();
    h.services.addSmtpAccount(userId, randomUUID(), sink.port);
    const recipients = Array.from({ length: 40 }, (_, i) => `in-flight-${i}@example.net`);
    const ids = (await h.sendTogether(userId, recipients)).map((email) => email.id);
    inFlight.id = ids[recipients.indexOf(IN_FLIGHT)] as string;
    await waitFor(() => received.has(IN_FLIGHT), 15_000);

    starve(8_000);

    await waitFor(async () => (await sentCount(ids)) === ids.length, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The first run wrote its marker before recording; the next run found it at the last moment before its own send.
    expect(recipients.filter((to) => received.get(to) !== 1)).toEqual([]);
  });
});
