// API key scopes at the gateway: a key without `send` cannot send, a key without `read` cannot read, and a refused
// call never reaches the service.
import { randomUUID } from 'node:crypto';
import type { ApiKeyScope } from '@mailwright/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices } from './support/stand-in-services';

let services: StandInServices;
let app: FastifyInstance;

beforeAll(async () => {
  services = await startStandInServices();
  app = await buildGatewayFor(services);
});

afterAll(async () => {
  await app?.close();
  await services?.close();
});

/** A fresh active key with these scopes (undefined: an identity that predates scopes). */
function keyWith(scopes: ApiKeyScope[] | undefined): string {
  const key = `mw_${randomUUID()}`;
  const entry = { apiKeyId: randomUUID(), userId: randomUUID(), isActive: true, scopes };
  services.apiKeys.set(key, entry);
  return key;
}

const reached = (path: string) => services.seen.some((request) => request.path.startsWith(path));

describe('API key scopes', () => {
  it('refuses sending with a read-only key, before the mail service sees it', async () => {
    const key = keyWith(['read']);
    for (const url of ['/api/emails/api/send', '/api/emails/api/batch']) {
      const response = await app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This API key cannot send emails (scope: send)', code: 'FORBIDDEN' });
      expect(reached(url)).toBe(false);
    }
    const compat = await app.inject({
      method: 'POST',
      url: '/compat/resend/emails',
      headers: { authorization: `Bearer ${key}` },
      payload: { from: 'a@b.co', to: 'c@d.co' },
    });
    expect(compat.statusCode).toBe(403);
    expect(compat.json()).toEqual({
      statusCode: 403,
      name: 'restricted_api_key',
      message: 'This API key cannot send emails (scope: send)',
    });
    const reads = await app.inject({ method: 'GET', url: '/api/emails/api/some-id', headers: { 'x-api-key': key } });
    expect(reads.statusCode).toBe(200);
    expect(reads.json()).toEqual({ path: '/emails/api/some-id' });
  });

  it('refuses reading with a send-only key, on the email log and the Resend-compatible GETs', async () => {
    const key = keyWith(['send']);
    for (const url of ['/api/emails/api', '/api/emails/api/unread-id']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This API key cannot read emails (scope: read)', code: 'FORBIDDEN' });
    }
    const compat = await app.inject({
      method: 'GET',
      url: '/compat/resend/emails/some-id',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(compat.statusCode).toBe(403);
    expect(compat.json().name).toBe('restricted_api_key');
    expect(reached('/emails/api/unread-id')).toBe(false);
    const sends = await app.inject({ method: 'POST', url: '/api/emails/api/send', headers: { 'x-api-key': key }, payload: {} });
    expect(sends.statusCode).toBe(200);
  });

  it('lets a full-access key, and a key from an identity without scopes, do both', async () => {
    for (const key of [keyWith(['send', 'read']), keyWith(undefined)]) {
      const headers = { 'x-api-key': key };
      expect((await app.inject({ method: 'GET', url: '/api/emails/api', headers })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/emails/api/send', headers, payload: {} })).statusCode).toBe(200);
    }
  });
});
