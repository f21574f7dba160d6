// One tenant's slow SMTP server must not stall delivery for everyone: a tarpit holds its account's connections,
// the account's other emails wait without holding worker slots and then yield, and every delivery has a deadline.
import { randomUUID } from 'node:crypto';
import { TarpitSmtp } from '@mailwright/kit/testing';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_QUEUE, sendJobId } from '../src/queues/send-queue';
import { Harness, waitFor } from './support/harness';

const h = new Harness('tarpit');
const tarpit = new TarpitSmtp(1_000);
/** The second test's own tarpit: the first test's emails keep coming back to theirs and would count there. */
const deadlineTarpit = new TarpitSmtp(1_000);

beforeAll(async () => {
  await Promise.all([tarpit.start(), deadlineTarpit.start()]);
  await h.start({ env: { WORKER_CONCURRENCY: '10', SMTP_MAX_CONNECTIONS: '3', DELIVERY_TIMEOUT_MS: '2500' } });
});
afterAll(async () => {
  await h.stop();
  await Promise.all([tarpit.stop(), deadlineTarpit.stop()]);
});

function tarpitTenant(server = tarpit): { userId: string; accountId: string } {
  const userId = randomUUID();
  const accountId = randomUUID();
  h.services.addSmtpAccount(userId, accountId, server.port);
  return { userId, accountId };
}

describe('a tenant whose SMTP server is a tarpit', () => {
  it('does not delay another tenant’s email: it is delivered within 2 s while 40 emails wait for the tarpit', async () => {
    const slow = tarpitTenant();
    const queued = await Promise.all(
      Array.from({ length: 40 }, (_, i) => h.send(slow.userId, { to: [`t${i}@example.net`], subject: `T${i}`, body: 'b' })),
    );
    expect(queued.map((response) => response.statusCode)).toEqual(queued.map(() => 201));
    // Some more arrive one by one, each in a send job of its own.
    for (let i = 0; i < 12; i++) {
      expect((await h.send(slow.userId, { to: [`s${i}@example.net`], subject: `S${i}`, body: 'b' })).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await waitFor(() => tarpit.connections >= 3);

    const victim = h.newUser();
    const recipient = `victim-${randomUUID()}@example.net`;
    const started = Date.now();
    const sent = await h.send(victim.userId, { to: [recipient], subject: 'Victim', body: 'must arrive' });
    expect(sent.statusCode).toBe(201);
    await waitFor(() => h.smtp.received.some((mail) => mail.envelopeTo.includes(recipient)), 10_000);
    expect(Date.now() - started).toBeLessThan(2_000);

    // The tarpit never got more connections than the account's pool.
    expect(tarpit.openConnections).toBeLessThanOrEqual(3);

    // The emails that yielded came back as their own jobs, and yielded again from there: moved to delayed, not failed.
    const ids = queued.map((response) => response.json().data._id as string);
    const queue = new Queue(SEND_QUEUE, { connection: h.redis, prefix: h.config.QUEUE_PREFIX });
    try {
      await waitFor(async () => {
        for (const id of ids) {
          const job = await queue.getJob(sendJobId(id));
          if (job?.processedOn && (await job.getState()) === 'delayed') return true;
        }
        return false;
      }, 10_000);
    } finally {
      await queue.close();
    }
    const { rows } = await h.pool.query("SELECT count(*)::int AS n FROM mail.emails WHERE id = ANY($1) AND status = 'failed'", [
      ids,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('ends a delivery at its deadline and retries it with backoff; the emails that yielded count no try', async () => {
    const slow = tarpitTenant(deadlineTarpit);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => h.send(slow.userId, { to: [`d${i}@example.net`], subject: `D${i}`, body: 'b' })),
    );
    const ids = responses.map((response) => response.json().data._id as string);
    const timedOut = await waitFor(async () => {
      const { rows } = await h.pool.query<{ id: string; status: string; attempts: number; error: string | null }>(
        "SELECT id, status, attempts, error FROM mail.emails WHERE id = ANY($1) AND error LIKE '%deadline%'",
        [ids],
      );
      return rows.length > 0 ? rows : undefined;
    }, 10_000);
    // Timed out is transient: back in the queue for another try, not failed.
    for (const row of timedOut) expect(['queued', 'sending']).toContain(row.status);
    const { rows } = await h.pool.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM mail.emails WHERE id = ANY($1)',
      [ids],
    );
    expect(rows.filter((row) => row.status === 'failed')).toEqual([]);
    // Only the emails that held one of the 3 connections were tried; the others yielded without using up tries.
    expect(rows.filter((row) => row.attempts > 0).length).toBeLessThanOrEqual(6);
    // The tarpit's sockets were dropped at the deadline, not held until the server lets go.
    await waitFor(() => deadlineTarpit.openConnections <= 3, 5_000);
  });
});
