// The tracking cap: a replayed open pixel or link adds an event row and a webhook only for the first hit,
// then at most one a minute and 100 in all, per email and per link; counters in Postgres, so concurrent
// batches (any number of worker processes) agree.
import type { EmailLog } from '@mailwright/contracts';
import { internalHeaders, serviceHeaders } from '@mailwright/kit/testing';
import type { Job } from 'bullmq';
import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKING_CAP } from '../src/db/queries/record-tracking-events';
import { TRACKING_QUEUE, type TrackingEvent, type TrackingJobData } from '../src/queues/tracking-queue';
import { WEBHOOK_QUEUE, type WebhookJobData } from '../src/queues/webhook-queue';
import { trackingProcessor } from '../src/tracking/record-tracking-job';
import { webhookSecretBox } from '../src/webhooks/secret-box';
import { WebhookEvents } from '../src/webhooks/webhook-events';
import { Harness, waitFor } from './support/harness';

const h = new Harness('tracking-cap');
let alice: { userId: string; accountId: string };
let trackingQueue: Queue<TrackingJobData>;
let webhookQueue: Queue<WebhookJobData>;
let concurrentPool: pg.Pool;
let recipients = 0;

interface TrackedEmail {
  id: string;
  openToken: string;
  clickPaths: string[];
}

/** Sends an HTML email with two links to a fresh recipient and reads its tracking URLs from the delivered mail. */
async function sendTracked(): Promise<TrackedEmail> {
  recipients += 1;
  const to = `reader-${recipients}@example.net`;
  const response = await h.send(alice.userId, {
    to: [to],
    subject: 'Tracked',
    body: '<p><a href="https://example.org/one">one</a> <a href="https://example.org/two">two</a></p>',
  });
  expect(response.statusCode).toBe(201);
  const id = response.json<{ data: EmailLog }>().data.id;
  const [received] = await waitFor(() => (h.smtp.to(to).length ? h.smtp.to(to) : null));
  const html = String(received?.parsed.html);
  const openToken = /\/t\/o\/([A-Za-z0-9_-]{40})\.gif/.exec(html)?.[1];
  const clickPaths = [...html.matchAll(/https:\/\/mail\.example\.test(\/t\/c\/[A-Za-z0-9_-]{40})/g)].map((m) => m[1] as string);
  if (!openToken || clickPaths.length !== 2) throw new Error(`no tracking URLs in ${html}`);
  return { id, openToken, clickPaths };
}

const count = async (sql: string, emailId: string) => (await h.pool.query<{ n: number }>(sql, [emailId])).rows[0]?.n;
const events = (emailId: string, type: 'open' | 'click') =>
  count(`SELECT count(*)::int AS n FROM mail.email_events WHERE email_id = $1 AND type = '${type}'`, emailId);
const webhooks = (emailId: string, event: string) =>
  count(`SELECT count(*)::int AS n FROM mail.webhook_deliveries WHERE email_id = $1 AND event = '${event}'`, emailId);

/** Moves an email's counters back past the interval, as if the last recorded hit were a minute old. */
const ageCounters = (emailId: string, set = '') =>
  h.pool.query(
    `UPDATE mail.tracking_counters SET last_recorded_at = last_recorded_at - make_interval(secs => $2 + 1) ${set} WHERE email_id = $1`,
    [emailId, TRACKING_CAP.intervalSeconds],
  );

const openEvent = (emailId: string): TrackingEvent => ({
  type: 'open',
  emailId,
  linkIndex: null,
  at: new Date().toISOString(),
  ip: '203.0.113.9',
  userAgent: 'replayer',
});
const job = (events: TrackingEvent[]) => ({ data: { events } }) as Job<TrackingJobData>;

/** Every tracking job the app enqueued has been processed (their events are written inside the job). */
const trackingQueueDrained = async () => {
  const counts = await trackingQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  return Object.values(counts).every((n) => n === 0);
};

beforeAll(async () => {
  // The SMTP peer listens on loopback.
  await h.start({ env: { ALLOW_PRIVATE_TARGETS: 'true' } });
  alice = h.newUser();
  trackingQueue = new Queue(TRACKING_QUEUE, { connection: h.redis, prefix: h.config.QUEUE_PREFIX });
  webhookQueue = new Queue(WEBHOOK_QUEUE, { connection: h.redis, prefix: h.config.QUEUE_PREFIX });
  concurrentPool = new pg.Pool({ connectionString: h.database.url, max: 10 });
  concurrentPool.on('error', () => {});
  await h.pool.query(
    "INSERT INTO mail.webhook_endpoints (user_id, url, events, secret_sealed) VALUES ($1, $2, '{email.opened,email.clicked}', $3)",
    [alice.userId, 'https://hooks.example.invalid/tracking', webhookSecretBox(h.config).seal('whsec_tracking')],
  );
});
afterAll(async () => {
  await concurrentPool?.end();
  await Promise.all([trackingQueue?.close(), webhookQueue?.close()]);
  await h.stop();
});

describe('the tracking cap', () => {
  it('records a pixel replayed through the public route and the gateway relay once, and still answers every hit', async () => {
    const email = await sendTracked();
    const publicHeaders = await internalHeaders({ kind: 'public' });
    for (let i = 0; i < 20; i++) {
      const pixel = await h.app.inject({ method: 'GET', url: `/t/o/${email.openToken}.gif`, headers: publicHeaders });
      expect(pixel.statusCode).toBe(200);
      expect(pixel.headers['content-type']).toBe('image/gif');
      const relayed = await h.app.inject({
        method: 'POST',
        url: '/internal/tracking/opens',
        headers: await serviceHeaders('gateway'),
        payload: {
          hits: Array.from({ length: 50 }, () => ({
            token: email.openToken,
            ip: null,
            userAgent: null,
            at: new Date().toISOString(),
          })),
        },
      });
      expect(relayed.statusCode).toBe(200);
      // Each round its own job, so the cap is held by the database and not only by one batch.
      await h.deps.tracking.buffer.flush();
    }
    await waitFor(async () => (await events(email.id, 'open')) === 1 && (await trackingQueueDrained()));
    expect(await events(email.id, 'open')).toBe(1);
    await waitFor(async () => (await webhooks(email.id, 'email.opened')) === 1);
    const { rows } = await h.pool.query('SELECT link_index, recorded FROM mail.tracking_counters WHERE email_id = $1', [
      email.id,
    ]);
    expect(rows).toEqual([{ link_index: -1, recorded: 1 }]);
  });

  it('records the first open, then at most one a minute and 100 in all, each with one email.opened webhook', async () => {
    const email = await sendTracked();
    const webhookEvents = new WebhookEvents(h.pool, webhookQueue);
    const process = trackingProcessor(h.pool, webhookEvents);
    const replay = async (times: number) => {
      let recorded = 0;
      for (let i = 0; i < times; i++) recorded += await process(job([openEvent(email.id)]));
      await webhookEvents.drain();
      return recorded;
    };

    expect(await replay(5)).toBe(1);
    expect([await events(email.id, 'open'), await webhooks(email.id, 'email.opened')]).toEqual([1, 1]);
    await ageCounters(email.id);
    expect(await replay(5)).toBe(1);
    expect([await events(email.id, 'open'), await webhooks(email.id, 'email.opened')]).toEqual([2, 2]);

    await ageCounters(email.id, `, recorded = ${TRACKING_CAP.maxPerTarget - 1}`);
    expect(await replay(3)).toBe(1);
    await ageCounters(email.id);
    expect(await replay(3)).toBe(0);
    expect([await events(email.id, 'open'), await webhooks(email.id, 'email.opened')]).toEqual([3, 3]);
    const { rows } = await h.pool.query('SELECT recorded FROM mail.tracking_counters WHERE email_id = $1', [email.id]);
    expect(rows).toEqual([{ recorded: TRACKING_CAP.maxPerTarget }]);
    const flags = (await h.get(alice.userId, `/emails/${email.id}`)).json<{ data: EmailLog }>().data.analytics;
    expect(flags.opened).toBe(true);
  });

  it('caps clicks per link, apart from other links and opens, and keeps redirecting every click', async () => {
    const email = await sendTracked();
    const publicHeaders = await internalHeaders({ kind: 'public' });
    for (let i = 0; i < 10; i++) {
      for (const path of [email.clickPaths[0], email.clickPaths[0], email.clickPaths[1]]) {
        const click = await h.app.inject({ method: 'GET', url: path as string, headers: publicHeaders });
        expect(click.statusCode).toBe(302);
      }
      await h.deps.tracking.buffer.flush();
    }
    await waitFor(async () => (await events(email.id, 'click')) === 2 && (await trackingQueueDrained()));
    const { rows } = await h.pool.query<{ link_index: number; url: string }>(
      'SELECT link_index, url FROM mail.email_events WHERE email_id = $1 ORDER BY link_index',
      [email.id],
    );
    expect(rows).toEqual([
      { link_index: 0, url: 'https://example.org/one' },
      { link_index: 1, url: 'https://example.org/two' },
    ]);
    await waitFor(async () => (await webhooks(email.id, 'email.clicked')) === 2);
  });

  it('records a hit once when many batches carrying it run at the same time', async () => {
    const email = await sendTracked();
    const process = trackingProcessor(concurrentPool);
    const clicks: TrackingEvent[] = [0, 1].map((linkIndex) => ({ ...openEvent(email.id), type: 'click', linkIndex }));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        process(job(i % 2 === 0 ? [openEvent(email.id), ...clicks] : [...[...clicks].reverse(), openEvent(email.id)])),
      ),
    );
    expect(results.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect([await events(email.id, 'open'), await events(email.id, 'click')]).toEqual([1, 2]);
  });

  it('ignores hits for unknown emails and malformed events', async () => {
    const process = trackingProcessor(h.pool);
    const unknown = openEvent('00000000-0000-4000-8000-000000000000');
    const malformed = [
      { ...unknown, type: 'click', linkIndex: -1 },
      { ...unknown, emailId: 'x' },
      { ...unknown, at: 'never' },
    ];
    expect(await process(job([unknown, ...(malformed as TrackingEvent[])]))).toBe(0);
  });
});
