// The worker's metrics listener: /healthz, /readyz, and /metrics counters that move with real sends; the
// gateway's x-request-id travels with the send job; tracking hits are counted by the mail service.
import type { EmailLog } from '@mailwright/contracts';
import { MetricsRegistry } from '@mailwright/kit';
import { freePort, internalHeaders, metricValue } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackingTokens } from '../src/tracking/tracking-token';
import { Harness, waitFor } from './support/harness';

const h = new Harness('worker-metrics');
let base = '';
beforeAll(async () => {
  await h.start({ worker: false, env: { WORKER_METRICS_PORT: String(await freePort()) } });
  const worker = await h.startWorker({ metrics: new MetricsRegistry('mail-worker', { defaultMetrics: false }) });
  base = `http://127.0.0.1:${worker.metricsPort}`;
});
afterAll(() => h.stop());

describe('worker metrics', () => {
  it('answers /healthz and /readyz', async () => {
    expect(h.worker?.metricsPort).toBeGreaterThan(0);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('counts a sent email by provider, the completed job, and reads queue depth at scrape time', async () => {
    const before = await (await fetch(`${base}/metrics`)).text();
    const { userId } = h.newUser();
    const response = await h.send(userId, { to: ['metrics@example.net'], subject: 'Metrics', body: 'b' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ data: EmailLog }>().data;
    await waitFor(async () => (await h.emailStatus(id)) === 'sent', 10_000);
    const after = await waitFor(async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      return metricValue(text, 'mail_jobs_total', { outcome: 'completed' }) >
        metricValue(before, 'mail_jobs_total', { outcome: 'completed' })
        ? text
        : null;
    }, 5_000);
    expect(metricValue(after, 'emails_sent_total', { provider: 'smtp' })).toBe(
      metricValue(before, 'emails_sent_total', { provider: 'smtp' }) + 1,
    );
    expect(after).toMatch(/mail_queue_jobs\{[^}]*queue="send"[^}]*state="waiting"[^}]*\} \d+/);
    expect(after).toMatch(/mail_queue_jobs\{[^}]*queue="tracking"/);
    expect(after).toContain('service="mail-worker"');
  });

  it('counts a permanent failure by provider', async () => {
    const before = await (await fetch(`${base}/metrics`)).text();
    const { userId } = h.newUser();
    h.smtp.reject('nobody@example.net', 550, 'No such user');
    const response = await h.send(userId, { to: ['nobody@example.net'], subject: 'Refused', body: 'b' });
    const { id } = response.json<{ data: EmailLog }>().data;
    await waitFor(async () => (await h.emailStatus(id)) === 'failed', 10_000);
    const after = await (await fetch(`${base}/metrics`)).text();
    expect(metricValue(after, 'emails_failed_total', { provider: 'smtp' })).toBe(
      metricValue(before, 'emails_failed_total', { provider: 'smtp' }) + 1,
    );
  });

  it('counts a delivery held for its sender by reason', async () => {
    const before = await (await fetch(`${base}/metrics`)).text();
    const { userId, accountId } = h.newUser();
    h.services.setLimits(accountId, { perMinute: 1 });
    for (const to of ['first@example.net', 'second@example.net']) {
      expect((await h.send(userId, { to: [to], subject: 'Limited', body: 'b' })).statusCode).toBe(201);
    }
    const after = await waitFor(async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      const held = metricValue(text, 'emails_held_total', { reason: 'sender_minute_limit' });
      return held > metricValue(before, 'emails_held_total', { reason: 'sender_minute_limit' }) ? text : null;
    }, 10_000);
    expect(metricValue(after, 'emails_held_total', { reason: 'sender_minute_limit' })).toBe(
      metricValue(before, 'emails_held_total', { reason: 'sender_minute_limit' }) + 1,
    );
  });

  it("carries the gateway's x-request-id into the send job", async () => {
    await h.stopWorker(); // keep the job in the queue to read it
    const { userId, accountId } = h.newUser();
    const response = await h.send(
      userId,
      { to: ['traced@example.net'], subject: 'Traced', body: 'b' },
      { 'x-request-id': 'req-trace-123' },
    );
    const { id } = response.json<{ data: EmailLog }>().data;
    const { rows } = await h.pool.query<{ jobId: string }>('SELECT job_id AS "jobId" FROM mail.emails WHERE id = $1', [id]);
    const jobId = rows[0]?.jobId ?? '';
    expect(jobId).toMatch(/^batch-/);
    // The job is added when its 50 ms window closes, after the answer.
    const data = await waitFor(() => h.redis.hget(`${h.config.QUEUE_PREFIX}:send:${jobId}`, 'data'));
    // The emails' one sender account rides along, so a worker can defer the job before claiming (fair slots).
    expect(JSON.parse(data)).toEqual({ emailIds: [id], requestIds: ['req-trace-123'], accountId });
  });

  it('counts verified tracking hits in the mail service', async () => {
    const metrics = async () => (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
    const before = await metrics();
    const headers = await internalHeaders({ kind: 'public' });
    const token = TrackingTokens.fromConfig(h.config).openToken('00000000-0000-4000-8000-000000000001');
    expect((await h.app.inject({ method: 'GET', url: `/t/o/${token}.gif`, headers })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/t/o/forged.gif', headers })).statusCode).toBe(200);
    const after = await metrics();
    expect(metricValue(after, 'tracking_events_total', { type: 'open' })).toBe(
      metricValue(before, 'tracking_events_total', { type: 'open' }) + 1,
    );
  });
});
