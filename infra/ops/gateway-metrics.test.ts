// The gateway's /metrics: its own latency histogram by route pattern, on the public port only behind
// METRICS_TOKEN (without one the public port has no /metrics), and never a way to reach a service's /metrics.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readConfig } from '@mailwright/kit';
import { metricValue, TEST_INTERNAL_SECRET, testRedisUrl } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../gateway/src/app';
import { GatewayConfigSchema } from '../../gateway/src/config';

const METRICS_TOKEN = 'ops-test-metrics-token';
let upstream: Server;
let upstreamUrl: string;
const upstreamPaths: string[] = [];
let open: FastifyInstance;
let guarded: FastifyInstance;

async function gateway(extra: Record<string, string>): Promise<FastifyInstance> {
  const config = readConfig(GatewayConfigSchema, {
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    REDIS_URL: testRedisUrl,
    LOG_LEVEL: 'silent',
    IDENTITY_URL: upstreamUrl,
    ACCOUNTS_URL: upstreamUrl,
    TEMPLATES_URL: upstreamUrl,
    MAIL_URL: upstreamUrl,
    BILLING_URL: upstreamUrl,
    WEB_DIST: '/nonexistent',
    ...extra,
  });
  return buildApp(config);
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    upstreamPaths.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  open = await gateway({});
  guarded = await gateway({ METRICS_TOKEN });
});

afterAll(async () => {
  await open?.close();
  await guarded?.close();
  upstream?.close();
});

describe('gateway /metrics', () => {
  it('counts proxied requests under the route pattern, not the raw path', async () => {
    const scrape = () => guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const before = metricValue((await scrape()).body, 'http_request_duration_seconds_count', {
      route: '/api/payments/*',
      status: '200',
    });
    for (const path of ['/api/payments/plans', '/api/payments/plans?x=1']) {
      expect((await guarded.inject({ url: path })).statusCode).toBe(200);
    }
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('service="gateway"');
    expect(
      metricValue(response.body, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/payments/*',
        status: '200',
      }),
    ).toBe(before + 2);
    expect(response.body).not.toContain('route="/api/payments/plans"');
  });

  it('serves no /metrics on the public port without METRICS_TOKEN', async () => {
    expect((await open.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await open.inject({ url: '/metrics', headers: { authorization: 'Bearer anything' } })).statusCode).toBe(404);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const refused = await guarded.inject({ url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'A valid metrics token is required', code: 'UNAUTHORIZED' });
    expect((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    const allowed = await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_request_duration_seconds_bucket');
  });

  it("never forwards a request to a service's /metrics", async () => {
    upstreamPaths.length = 0;
    const attempts = [
      '/metrics',
      '/api/auth/../../metrics',
      '/api/emails/%2e%2e/%2e%2e/metrics',
      '/t/../metrics',
      '/t/..%2fmetrics',
      '/t/%2e%2e/metrics',
      '/t/%2e%2e%2fmetrics',
      '/api/payments/..%2F..%2Fmetrics',
    ];
    for (const url of attempts) await guarded.inject({ url });
    await guarded.inject({ url: '/t/c/control' });
    // The public tracking prefix does reach the service, so the check below is not vacuous.
    expect(upstreamPaths).toContain('/t/c/control');
    for (const path of upstreamPaths) {
      const normalised = new URL(decodeURIComponent(path), 'http://upstream').pathname;
      expect(normalised, path).not.toBe('/metrics');
    }
  });
});
