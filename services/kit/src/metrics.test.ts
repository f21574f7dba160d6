import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, InternalTokenSigner } from './internal-token';
import { MetricsRegistry, mailMetrics, serveMetrics } from './metrics';
import { createServiceApp } from './service';
import { metricValue } from './testing/metric-value';

const secret = 'metrics-test-secret-0123456789-abcdefghij';

async function buildTestApp(metrics: MetricsRegistry) {
  const app = createServiceApp({ name: 'metrics-test', internalSecret: secret, logLevel: 'silent', metrics });
  app.get('/things/:id', async (request) => ({ id: (request.params as { id: string }).id, requestId: request.id }));
  app.get('/log-bindings', async (request) => (request.log as unknown as { bindings(): object }).bindings());
  await app.ready();
  return app;
}

describe('service metrics', () => {
  const metrics = new MetricsRegistry('metrics-test');
  const signer = new InternalTokenSigner(secret);
  const appPromise = buildTestApp(metrics);
  afterAll(async () => (await appPromise).close());

  it('serves /metrics without an internal token, with default process metrics', async () => {
    const app = await appPromise;
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toContain('nodejs_eventloop_lag_seconds');
    expect(response.body).toContain('service="metrics-test"');
  });

  it('counts requests in the latency histogram by route pattern, method and status', async () => {
    const app = await appPromise;
    const labels = { method: 'GET', route: '/things/:id', status: '200' };
    const before = metricValue(await metrics.text(), 'http_request_duration_seconds_count', labels);
    const token = await signer.tokenFor({ kind: 'service', service: 'test' });
    for (const id of ['a', 'b', 'c']) {
      const response = await app.inject({ method: 'GET', url: `/things/${id}`, headers: { [INTERNAL_TOKEN_HEADER]: token } });
      expect(response.statusCode).toBe(200);
    }
    const unauthorised = await app.inject({ method: 'GET', url: '/things/d' });
    expect(unauthorised.statusCode).toBe(401);

    const scraped = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metricValue(scraped, 'http_request_duration_seconds_count', labels)).toBe(before + 3);
    expect(metricValue(scraped, 'http_request_duration_seconds_count', { route: '/things/:id', status: '401' })).toBe(1);
    expect(metricValue(scraped, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 3);
    expect(scraped).not.toContain('route="/things/a"');
  });

  it('labels unknown routes as unmatched instead of their raw URL', async () => {
    const app = await appPromise;
    const token = await signer.tokenFor({ kind: 'service', service: 'test' });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/no/such/path-123', headers: { [INTERNAL_TOKEN_HEADER]: token } });
    const scraped = await metrics.text();
    expect(metricValue(scraped, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    expect(metricValue(scraped, 'http_request_duration_seconds_count', { route: '/healthz', status: '200' })).toBeGreaterThan(0);
    expect(scraped).not.toContain('path-123');
  });

  it("uses the caller's x-request-id as the request id its log lines carry", async () => {
    const app = await appPromise;
    const token = await signer.tokenFor({ kind: 'service', service: 'test' });
    const response = await app.inject({
      method: 'GET',
      url: '/log-bindings',
      headers: { [INTERNAL_TOKEN_HEADER]: token, 'x-request-id': 'req-from-gateway-42' },
    });
    expect(response.json()).toMatchObject({ reqId: 'req-from-gateway-42' });
  });

  it('exposes app metrics defined with the helpers, and reuses a metric defined twice', async () => {
    const app = await appPromise;
    const mail = mailMetrics(app.metrics, { readQueueDepth: async () => ({ send: { waiting: 7, delayed: 2 } }) });
    const again = mailMetrics(app.metrics);
    expect(again.emailsSent).toBe(mail.emailsSent);
    mail.emailsSent.inc({ provider: 'smtp' }, 2);
    mail.emailsFailed.inc({ provider: 'gmail' });
    mail.trackingEvents.inc({ type: 'open' });
    mail.jobs.inc({ queue: 'send', outcome: 'completed' });
    const scraped = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metricValue(scraped, 'emails_sent_total', { provider: 'smtp' })).toBe(2);
    expect(metricValue(scraped, 'emails_failed_total', { provider: 'gmail' })).toBe(1);
    expect(metricValue(scraped, 'tracking_events_total', { type: 'open' })).toBe(1);
    expect(metricValue(scraped, 'mail_jobs_total', { queue: 'send', outcome: 'completed' })).toBe(1);
    expect(metricValue(scraped, 'mail_queue_jobs', { queue: 'send', state: 'waiting' })).toBe(7);
  });
});

describe('serveMetrics (processes without an HTTP app)', () => {
  it('answers /metrics, /healthz and /readyz on its own port', async () => {
    const metrics = new MetricsRegistry('worker-test', { defaultMetrics: false });
    metrics.counter({ name: 'work_done_total', help: 'work' }).inc(5);
    let ready = false;
    const server = await serveMetrics(metrics, { port: 0, host: '127.0.0.1', isReady: () => ready });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(503);
      ready = true;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const scraped = await (await fetch(`${base}/metrics`)).text();
      expect(metricValue(`${scraped}\n`, 'work_done_total', { service: 'worker-test' })).toBe(5);
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('metrics token', () => {
  it('requires the bearer token when one is configured', async () => {
    const { default: Fastify } = await import('fastify');
    const { installMetrics } = await import('./metrics');
    const app = Fastify();
    installMetrics(app, { metrics: new MetricsRegistry(undefined, { defaultMetrics: false }), token: 'scrape-me' });
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
      expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      const ok = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_request_duration_seconds');
    } finally {
      await app.close();
    }
  });
});

describe('metrics listener exposure', () => {
  const registry = () => new MetricsRegistry(undefined, { defaultMetrics: false });
  const close = (server: import('node:http').Server) => new Promise((resolve) => server.close(resolve));

  it('binds to loopback unless told otherwise', async () => {
    const server = await serveMetrics(registry(), { port: 0 });
    try {
      expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await close(server);
    }
  });

  it('refuses to listen on a non-loopback address without METRICS_TOKEN, naming what to set', async () => {
    await expect(serveMetrics(registry(), { port: 0, host: '0.0.0.0', hostVariable: 'WORKER_METRICS_HOST' })).rejects.toThrow(
      'Configuration error: METRICS_TOKEN is missing: metrics would listen on 0.0.0.0 (WORKER_METRICS_HOST), which is not ' +
        'loopback. Set METRICS_TOKEN (scrapers then send Authorization: Bearer <token>) or WORKER_METRICS_HOST=127.0.0.1',
    );
  });

  it('with a token, asks every scrape for it and leaves the probes open', async () => {
    const server = await serveMetrics(registry(), { port: 0, host: '0.0.0.0', token: 'scrape-me' });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer scrape-m' } })).status).toBe(401);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer scrape-me' } })).status).toBe(200);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
    } finally {
      await close(server);
    }
  });
});

describe('isLoopbackHost', () => {
  it('knows loopback addresses from the rest', async () => {
    const { isLoopbackHost } = await import('./metrics-exposure');
    for (const host of ['127.0.0.1', '127.9.9.9', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '', 'metrics.internal']) expect(isLoopbackHost(host), host).toBe(false);
  });
});
