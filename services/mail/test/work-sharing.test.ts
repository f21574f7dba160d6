// Workers share the end of a backlog (work-sharing.ts): a worker that starts while another holds an account's jobs
// in its line (the queue itself empty) gets half of those that have not started, and every email is sent once.
// (Stepped-aside jobs brought forward: fair-slots.test.ts and the unit tests.)
import { randomUUID } from 'node:crypto';
import { MetricsRegistry } from '@mailwright/kit';
import { metricValue } from '@mailwright/kit/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailWorker, startWorker } from '../src/worker-app';
import { countingPeer } from './support/counting-peer';
import { Harness, waitFor } from './support/harness';

const h = new Harness('work-sharing');
/** One connection per worker, 10 ms a message: a worker alone drains about 80 emails a second. */
const { sink, received } = countingPeer(10);
const first = new MetricsRegistry('mail-worker', { defaultMetrics: false });
const second = new MetricsRegistry('mail-worker', { defaultMetrics: false });
let secondWorker: MailWorker | null = null;

beforeAll(async () => {
  await sink.start();
  await h.start({ worker: false, env: { SMTP_MAX_CONNECTIONS: '1' } });
  await h.startWorker({ metrics: first });
});
afterAll(async () => {
  await secondWorker?.close();
  await h.stop();
  await sink.stop();
});

describe('a worker that runs dry while another holds a backlog', () => {
  it('takes the jobs the other has not started, and every email is sent once', async () => {
    const userId = randomUUID();
    h.services.addSmtpAccount(userId, randomUUID(), sink.port);
    h.services.setPlan(userId, 'enterprise');
    const recipients = Array.from({ length: 6 }, (_, job) =>
      Array.from({ length: 100 }, (_, i) => `shared-${job}-${i}@example.net`),
    );
    // Six jobs of 100: the first worker fetches them all, starts two (its start window) and keeps four waiting.
    const responses = await Promise.all(
      recipients.map((to) =>
        h.sendBatch(
          userId,
          to.map((address) => ({ to: [address], subject: 's', body: 'b' })),
        ),
      ),
    );
    expect(responses.map((response) => response.json().accepted)).toEqual([100, 100, 100, 100, 100, 100]);
    await waitFor(() => received.size >= 10, 10_000);

    secondWorker = await startWorker(h.config, {
      logger: pino({ level: 'warn' }),
      reconcile: { graceSeconds: 1, staleClaimSeconds: 2 },
      metrics: second,
    });

    const all = recipients.flat();
    await waitFor(() => all.every((to) => received.has(to)), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a second send would land within a few deliveries
    expect(all.filter((to) => received.get(to) !== 1)).toEqual([]);
    // Dry for 300 ms, it was given half of the four (the first worker looks once a second), and later maybe more.
    const givenBack = metricValue(await first.text(), 'mail_jobs_total', { queue: 'send', outcome: 'given_back' });
    expect(givenBack).toBeGreaterThanOrEqual(2);
    expect(metricValue(await second.text(), 'emails_sent_total', { provider: 'smtp' })).toBeGreaterThanOrEqual(100);
  });
});
