// The gateway on its own: throttling, 503 for a stopped service, and header hygiene towards services.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OPEN_PIXEL_GIF_BASE64 } from '@mailwright/contracts';
import { INTERNAL_TOKEN_HEADER, readConfig, verifyInternalToken } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET, testRedisUrl } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { GatewayConfigSchema } from '../src/config';

let app: FastifyInstance;
let echo: Server;
let gatewayUrl: string;
let seenHeaders: Record<string, string | string[] | undefined> = {};
const relayed: Array<{ path: string | undefined; headers: Record<string, string | string[] | undefined>; body: string }> = [];

beforeAll(async () => {
  echo = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST')
        relayed.push({ path: request.url, headers: request.headers, body: Buffer.concat(chunks).toString() });
      else seenHeaders = request.headers;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ path: request.url }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  const config = readConfig(GatewayConfigSchema, {
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    REDIS_URL: testRedisUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_MAX: '3',
    IDENTITY_URL: 'http://127.0.0.1:1',
    MAIL_URL: echoUrl,
    WEB_DIST: '/nonexistent',
    TRUST_PROXY: '1',
  });
  app = await buildApp(config);
  gatewayUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  echo.close();
});

describe('gateway', () => {
  it('answers 503 with a clear message when a service is not running, then throttles sign-in per IP', async () => {
    const clientIp = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const login = () =>
      fetch(`${gatewayUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
        body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
      });
    for (let i = 0; i < 3; i++) {
      const response = await login();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        message: 'The identity service is unavailable right now. Please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(response.headers.get('ratelimit-remaining')).toBe(String(2 - i));
    }
    const throttled = await login();
    expect(throttled.status).toBe(429);
    expect(((await throttled.json()) as { code: string }).code).toBe('RATE_LIMITED');
    expect(throttled.headers.get('retry-after')).toBeTruthy();

    // Another installation on the same Redis (its own QUEUE_PREFIX) keeps its own count for the same address.
    const other = await buildApp(
      readConfig(GatewayConfigSchema, {
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        REDIS_URL: testRedisUrl,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_AUTH_MAX: '3',
        IDENTITY_URL: 'http://127.0.0.1:1',
        WEB_DIST: '/nonexistent',
        TRUST_PROXY: '1',
        QUEUE_PREFIX: `gatewaytest${Date.now().toString(36)}`,
      }),
    );
    try {
      const elsewhere = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
        payload: { email: 'a@b.co', password: 'x' },
      });
      expect(elsewhere.statusCode).toBe(503);
      expect(elsewhere.headers['ratelimit-remaining']).toBe('2');
    } finally {
      await other.close();
    }
    expect((await login()).status).toBe(429);
  });

  it('replaces caller-supplied internal headers with its own signed token', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/t/c/some-token',
      headers: { [INTERNAL_TOKEN_HEADER]: 'forged', 'x-user-id': 'someone', 'x-api-key': 'leak' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ path: '/t/c/some-token' });
    expect(seenHeaders['x-user-id']).toBeUndefined();
    expect(seenHeaders['x-api-key']).toBeUndefined();
    const claims = await verifyInternalToken(TEST_INTERNAL_SECRET, String(seenHeaders[INTERNAL_TOKEN_HEADER]));
    expect(claims.kind).toBe('public');
    expect(claims.userId).toBeUndefined();
  });

  it('answers the open pixel itself and relays the hit to the mail service with its service token', async () => {
    const response = await fetch(`${gatewayUrl}/t/o/pixel-token-1.gif`, {
      headers: { 'user-agent': 'Mail client 1.0', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(response.headers.get('cache-control')).toBe('no-store, no-cache, must-revalidate, private');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(OPEN_PIXEL_GIF_BASE64, 'base64'));

    const deadline = Date.now() + 3_000;
    while (!relayed.some((r) => r.body.includes('pixel-token-1')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const relay = relayed.find((r) => r.body.includes('pixel-token-1'));
    expect(relay?.path).toBe('/internal/tracking/opens');
    const { hits } = JSON.parse(relay?.body ?? '{}') as { hits: Array<Record<string, unknown>> };
    expect(hits).toEqual([{ token: 'pixel-token-1', ip: '203.0.113.9', userAgent: 'Mail client 1.0', at: expect.any(String) }]);
    const claims = await verifyInternalToken(TEST_INTERNAL_SECRET, String(relay?.headers[INTERNAL_TOKEN_HEADER]));
    expect(claims).toMatchObject({ kind: 'service', service: 'gateway' });
  });

  it('requires a bearer token on protected routes before contacting any service', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/emails' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
  });

  it('requires an API key on the public send API', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/emails/api/send', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Missing API key: send it in the X-API-Key header');
  });
});

describe('gateway body limits', () => {
  it('refuses a body over the prefix limit before it reaches the service', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.1.2.3',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large: the limit is 256 KB', code: 'PAYLOAD_TOO_LARGE' });
  });
});
