// The gateway's access log: one line per request with the route as a pattern, the status, the duration, the caller
// and the request id, and never a secret (tokens in paths, query strings, Authorization or X-API-Key values).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePatternOf } from '../src/plugins/access-log';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices } from './support/stand-in-services';

interface LogLine {
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  userId?: string;
  apiKeyId?: string;
}

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
const accessLines = () => lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'request');

let services: StandInServices;
let gateway: FastifyInstance;

beforeAll(async () => {
  services = await startStandInServices();
  gateway = await buildGatewayFor(services, { LOG_LEVEL: 'info' }, { logStream });
});

afterAll(async () => {
  await gateway?.close();
  await services?.close();
});

describe('gateway access log', () => {
  it('logs a signed-in request with its route pattern, status, duration, user and request id, and no secret', async () => {
    const userId = randomUUID();
    services.sessionVersions.set(userId, 0);
    const token = await services.signUserToken(userId);
    const emailId = randomUUID();
    const response = await gateway.inject({
      url: `/api/emails/${emailId}?access_token=query-secret-1`,
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-access-1' },
    });
    expect(response.statusCode).toBe(200);

    const line = accessLines().find((entry) => entry.reqId === 'req-access-1');
    expect(line).toMatchObject({ method: 'GET', route: '/api/emails/:id', status: 200, userId });
    expect(line?.durationMs).toBeGreaterThanOrEqual(0);
    const logged = lines.join('');
    for (const secret of [token, 'query-secret-1', emailId]) expect(logged).not.toContain(secret);
  });

  it('logs an API-key request with its key id, never the key', async () => {
    const key = `mw_live_${randomUUID().replaceAll('-', '')}`;
    services.apiKeys.set(key, { apiKeyId: 'key-1', userId: 'owner-1', isActive: true });
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/emails/api',
      headers: { 'x-api-key': key, 'x-request-id': 'req-access-2' },
    });
    expect(response.statusCode).toBe(200);
    expect(accessLines().find((entry) => entry.reqId === 'req-access-2')).toMatchObject({
      route: '/api/emails/api',
      apiKeyId: 'key-1',
      userId: 'owner-1',
    });
    expect(lines.join('')).not.toContain(key);
  });

  it('logs the tracking, unsubscribe and reset links by pattern, and refusals with their status', async () => {
    const secrets = ['open-token-abc', 'click-token-def', 'unsub-token-ghi', 'reset-token-jkl'];
    await gateway.inject({ url: `/t/o/${secrets[0]}.gif`, headers: { 'x-request-id': 'req-open' } });
    await gateway.inject({ url: `/t/c/${secrets[1]}?u=https%3A%2F%2Fexample.com`, headers: { 'x-request-id': 'req-click' } });
    await gateway.inject({ url: `/u/${secrets[2]}`, headers: { 'x-request-id': 'req-unsub' } });
    await gateway.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${secrets[3]}`,
      payload: { password: 'new-password-1' },
      headers: { 'x-request-id': 'req-reset' },
    });
    await gateway.inject({ url: '/api/templates', headers: { 'x-request-id': 'req-anonymous' } });

    const routeOf = (reqId: string) => accessLines().find((entry) => entry.reqId === reqId);
    expect(routeOf('req-open')).toMatchObject({ route: '/t/o/:token', status: 200 });
    expect(routeOf('req-click')?.route).toBe('/t/:token/:token');
    expect(routeOf('req-unsub')?.route).toBe('/u/:token');
    expect(routeOf('req-reset')?.route).toBe('/api/auth/reset-password/:token');
    expect(routeOf('req-anonymous')).toMatchObject({ method: 'GET', route: '/api/templates', status: 401 });
    expect(routeOf('req-anonymous')?.userId).toBeUndefined();
    const logged = lines.join('');
    for (const secret of [...secrets, 'new-password-1', 'example.com']) expect(logged).not.toContain(secret);
  });

  it('writes one line per request, and none for probes', async () => {
    const before = accessLines().length;
    await gateway.inject({ url: '/healthz' });
    await gateway.inject({ url: '/api/openapi.json', headers: { 'x-request-id': 'req-doc' } });
    expect(accessLines().length).toBe(before + 1);
    expect(accessLines().at(-1)).toMatchObject({ reqId: 'req-doc', route: '/api/openapi.json' });
  });

  it('is off with ACCESS_LOG=false', async () => {
    const quiet: string[] = [];
    const app = await buildGatewayFor(
      services,
      { LOG_LEVEL: 'info', ACCESS_LOG: 'false' },
      { logStream: { write: (line) => void quiet.push(line) } },
    );
    await app.inject({ url: '/api/templates' });
    await app.close();
    expect(quiet.filter((line) => line.includes('"msg":"request"'))).toEqual([]);
  });
});

describe('route patterns', () => {
  it("keeps Fastify's pattern and word segments, and hides ids, addresses and file names", () => {
    expect(routePatternOf('/t/o/:token', '/t/o/abc.gif')).toBe('/t/o/:token');
    expect(routePatternOf('/api/emails/*', '/api/emails/analytics/stats?from=x')).toBe('/api/emails/analytics/stats');
    expect(routePatternOf('/api/suppressions/*', '/api/suppressions/ada%40example.com')).toBe('/api/suppressions/:id');
    expect(routePatternOf(undefined, '/assets/index-3f9a.js')).toBe('/assets/:id');
    expect(routePatternOf(undefined, '/api/auth/verify-email/abcdef')).toBe('/api/auth/verify-email/:token');
  });
});
