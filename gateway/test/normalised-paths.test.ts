// Routes are matched once, on the decoded path: an encoded spelling of a throttled route is throttled and forwarded
// as that route, and a path that reads differently once decoded never reaches a service.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices } from './support/stand-in-services';

let services: StandInServices;
let app: FastifyInstance;
let port: number;
const AUTH_MAX = 3;
const CHANGE_PASSWORD_MAX = 2;
const someAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

beforeAll(async () => {
  services = await startStandInServices();
  app = await buildGatewayFor(services, {
    RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
    RATE_LIMIT_CHANGE_PASSWORD_MAX: String(CHANGE_PASSWORD_MAX),
  });
  port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
});

/** A GET with the path exactly as written (fetch and app.inject would resolve dot segments first). */
function rawGet(path: string): Promise<{ status: number; body: { message?: string; code?: string } }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }));
    });
    request.on('error', reject);
    request.end();
  });
}

afterAll(async () => {
  await app?.close();
  await services?.close();
});

describe('normalised paths', () => {
  it('throttles a percent-encoded login per address like login, and forwards it as /auth/login', async () => {
    const remoteAddress = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_MAX + 1; i++) {
      const response = await app.inject({
        method: 'POST',
        url: i % 2 === 0 ? '/api/auth/%6cogin' : '/api/auth/%6C%6F%67%69%6E',
        payload: { email: 'a@b.co', password: 'guess' },
        remoteAddress,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 200) expect(response.json()).toEqual({ path: '/auth/login' });
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses paths that decode to something else than they read, before any service sees them', async () => {
    const before = services.seen.length;
    const cases: Array<[string, RegExp]> = [
      ['/api/auth/..%2flogin', /encoded "\/"/],
      ['/api/templates/%2e%2e/%2e%2e/metrics', /"\." or "\.\." segments/],
      ['/api/templates/x/%2E%2E', /"\." or "\.\." segments/],
      ['/api/auth/%5clogin', /encoded "\/" or "\\"/],
      ['/api/templates/abc%00', /NUL/],
      ['/t/c/..%2F..%2Fevil', /encoded "\/"/],
      ['/api/templates/%ff', /percent-encoded UTF-8/],
      ['/api/auth/./login', /"\." or "\.\." segments/],
      ['/api/templates/../auth/login', /"\." or "\.\." segments/],
    ];
    for (const [url, message] of cases) {
      const response = await rawGet(url);
      expect(response.status, url).toBe(400);
      expect(response.body.code, url).toBe('BAD_REQUEST');
      expect(response.body.message, url).toMatch(message);
    }
    expect(services.seen.slice(before)).toEqual([]);
  });

  it('forwards the normalised path upstream', async () => {
    const token = await services.signUserToken(randomUUID());
    services.sessionVersions.set(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub, 0);
    const response = await app.inject({
      url: '/api/templates/%61bc%20d?x=%2F',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(services.seen.at(-1)?.path).toBe('/templates/abc%20d?x=%2F');
  });

  it('lets the social sign-in code exchange through without a token, throttled per address', async () => {
    const remoteAddress = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_MAX + 1; i++) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { code: 'c' }, remoteAddress });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('throttles change-password per user, whatever address it comes from', async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    services.sessionVersions.set(alice, 0).set(bob, 0);
    const change = async (userId: string) =>
      (
        await app.inject({
          method: 'PUT',
          url: '/api/auth/change-password',
          payload: { currentPassword: 'guess', newPassword: 'new-password-1' },
          headers: { authorization: `Bearer ${await services.signUserToken(userId)}` },
          remoteAddress: someAddress(),
        })
      ).statusCode;
    const statuses: number[] = [];
    for (let i = 0; i < CHANGE_PASSWORD_MAX + 1; i++) statuses.push(await change(alice));
    expect(statuses).toEqual([200, 200, 429]);
    expect(await change(bob)).toBe(200);
  });
});
