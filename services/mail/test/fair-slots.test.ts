// Fair slots (issue 20): one tenant's backlog of batch jobs must not hold every job slot of the worker. Past its
// bound, an account's further jobs step aside before claiming anything, so another tenant's email is delivered
// at once while the backlog drains.
import { randomUUID } from 'node:crypto';
import { MetricsRegistry } from '@mailwright/kit';
import { freePort, metricValue, SmtpPeer } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

const h = new Harness('fair-slots');
/** A's server: 30 ms per message on each of its 2 connections, so A's backlog drains at about 65 a second. */
const busy = new SmtpPeer({ content: 'count', answerAfter: 30 });

beforeAll(async () => {
  await busy.start();
  await h.start({
    worker: false,
    env: {
      WORKER_CONCURRENCY: '8',
      SMTP_MAX_CONNECTIONS: '2',
      WORKER_MAX_BACKLOG_PER_ACCOUNT: '300',
      WORKER_METRICS_PORT: String(await freePort()),
    },
  });
  await h.startWorker({ metrics: new MetricsRegistry('mail-worker', { defaultMetrics: false }) });
});
afterAll(async () => {
  await h.stop();
  await busy.stop();
});

describe('a tenant with a backlog of batch jobs', () => {
  it('does not delay another tenant’s email: it arrives within 2 s while 1,000 emails wait', async () => {
    const a = { userId: randomUUID(), accountId: randomUUID() };
    h.services.addSmtpAccount(a.userId, a.accountId, busy.port);
    h.services.setPlan(a.userId, 'enterprise');
    // Ten batch jobs of 100, more than the worker's 8 job slots could hold if they all waited for A's server.
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, job) =>
        h.sendBatch(
          a.userId,
          Array.from({ length: 100 }, (_, i) => ({ to: [`a${job}-${i}@example.net`], subject: 'backlog', body: 'b' })),
        ),
      ),
    );
    expect(responses.map((response) => response.json().accepted)).toEqual(responses.map(() => 100));
    await waitFor(() => busy.delivered > 20, 10_000);

    const b = h.newUser();
    const recipient = `b-${randomUUID()}@example.net`;
    const started = Date.now();
    expect((await h.send(b.userId, { to: [recipient], subject: 'B', body: 'must not wait' })).statusCode).toBe(201);
    await waitFor(() => h.smtp.received.some((mail) => mail.envelopeTo.includes(recipient)), 15_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    // A's backlog was still there: B did not simply come after it.
    expect(busy.delivered).toBeLessThan(800);
    // A's jobs past its line stepped aside, and the worker says so.
    const metrics = await (await fetch(`http://127.0.0.1:${h.worker?.metricsPort}/metrics`)).text();
    expect(metricValue(metrics, 'mail_jobs_total', { outcome: 'stepped_aside' })).toBeGreaterThan(0);
    // Each job that left A's full line brought one of A's stepped-aside jobs forward (work-sharing.ts).
    await waitFor(async () => {
      const now = await (await fetch(`http://127.0.0.1:${h.worker?.metricsPort}/metrics`)).text();
      return metricValue(now, 'mail_jobs_total', { outcome: 'promoted' }) > 0;
    }, 6_000); // long before the line runs dry (about 12 s), when a dry worker would bring them forward too
  }, 60_000);
});
