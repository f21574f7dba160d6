// Ended sessions and revoked API keys stop working at once: identity's revocations over Redis pub/sub reach the
// gateway's caches (here set to live far longer than the test waits, so only the message can explain a refusal).
import { randomUUID } from 'node:crypto';
import { REVOCATIONS_CHANNEL, type Revocation, SESSION_VERSION_CLAIM } from '@mailwright/contracts';
import { testRedisUrl } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices, waitUntil } from './support/stand-in-services';

let services: StandInServices;
let app: FastifyInstance;
let publisher: Redis;

beforeAll(async () => {
  services = await startStandInServices();
  publisher = new Redis(testRedisUrl);
  app = await buildGatewayFor(services, {
    // The longest each cache may be set to: a refusal within a second can only come from the message.
    SESSION_CACHE_SECONDS: '10',
    API_KEY_CACHE_SECONDS: '60',
  });
});

afterAll(async () => {
  await app?.close();
  publisher?.disconnect();
  await services?.close();
});

const publish = (revocation: Revocation) => publisher.publish(REVOCATIONS_CHANNEL, JSON.stringify(revocation));
const asUser = async (token: string) =>
  (await app.inject({ url: '/api/templates', headers: { authorization: `Bearer ${token}` } })).statusCode;
const withKey = async (key: string, path = '/api/emails/api/send') =>
  (await app.inject({ method: 'POST', url: path, payload: { to: ['a@b.co'] }, headers: { 'x-api-key': key } })).statusCode;

describe('session revocation', () => {
  it("refuses a token whose session version is below the user's current one", async () => {
    const userId = randomUUID();
    services.sessionVersions.set(userId, 2);
    expect(await asUser(await services.signUserToken(userId, { [SESSION_VERSION_CLAIM]: 2 }))).toBe(200);
    expect(await asUser(await services.signUserToken(userId, { [SESSION_VERSION_CLAIM]: 1 }))).toBe(401);
    // Tokens from before session versions carry no claim: they count as version 0.
    expect(await asUser(await services.signUserToken(userId, {}))).toBe(401);
  });

  it('treats a user whose version identity does not answer yet as version 0', async () => {
    const userId = randomUUID();
    services.sessionVersions.set(userId, undefined);
    expect(await asUser(await services.signUserToken(userId, {}))).toBe(200);
  });

  it("refuses a deleted user's token", async () => {
    expect(await asUser(await services.signUserToken(randomUUID()))).toBe(401);
  });

  it('ends a cached, verified session within a second of the revocation message', async () => {
    const userId = randomUUID();
    services.sessionVersions.set(userId, 0);
    const token = await services.signUserToken(userId, { [SESSION_VERSION_CLAIM]: 0 });
    expect(await asUser(token)).toBe(200);
    services.sessionVersions.set(userId, 1);
    const start = Date.now();
    await publish({ kind: 'sessions', userId, sessionVersion: 1 });
    await waitUntil('the ended session refused', async () => ((await asUser(token)) === 401 ? true : undefined), 1_000);
    expect(Date.now() - start).toBeLessThan(1_000);
    // The new session (the one the password change kept) goes on.
    expect(await asUser(await services.signUserToken(userId, { [SESSION_VERSION_CLAIM]: 1 }))).toBe(200);
  });

  it('answers 503, not the request, when identity cannot say whether the session is still on', async () => {
    const userId = randomUUID();
    services.sessionVersions.set(userId, 0);
    services.failures.set('/internal/users/', 503);
    try {
      const response = await app.inject({
        url: '/api/templates',
        headers: { authorization: `Bearer ${await services.signUserToken(userId)}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'The identity service is unavailable right now. Please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      services.failures.delete('/internal/users/');
    }
  });
});

describe('API key revocation and usage', () => {
  it('refuses a disabled key within a second of the revocation message', async () => {
    const key = `mw_${randomUUID()}`;
    const apiKeyId = randomUUID();
    services.apiKeys.set(key, { apiKeyId, userId: randomUUID(), isActive: true });
    expect(await withKey(key)).toBe(200);
    services.apiKeys.set(key, { apiKeyId, userId: randomUUID(), isActive: false });
    const start = Date.now();
    await publish({ kind: 'api-key', apiKeyId });
    await waitUntil('the disabled key refused', async () => ((await withKey(key)) === 401 ? true : undefined), 1_000);
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  it('reports a key as used only for calls the service accepted', async () => {
    const [accepted, refused] = [randomUUID(), randomUUID()];
    services.apiKeys.set('key-accepted', { apiKeyId: accepted, userId: randomUUID(), isActive: true });
    services.apiKeys.set('key-refused', { apiKeyId: refused, userId: randomUUID(), isActive: true });
    services.failures.set('/emails/api/refused', 422);
    expect(await withKey('key-refused', '/api/emails/api/refused')).toBe(422);
    expect(await withKey('key-accepted')).toBe(200);
    expect(await withKey('key-accepted')).toBe(200);
    const reports = () =>
      services.seen
        .filter((request) => request.path === '/internal/api-keys/usage')
        .map((request) => (JSON.parse(request.body) as { apiKeyIds: string[] }).apiKeyIds);
    const report = await waitUntil('a usage report', () => reports().find((ids) => ids.includes(accepted)), 5_000);
    expect(report.filter((id) => id === accepted)).toHaveLength(1);
    expect(reports().flat()).not.toContain(refused);
    const request = services.seen.find((seen) => seen.path === '/internal/api-keys/usage');
    expect(request?.headers['x-mailwright-internal']).toBeDefined();
  });
});
