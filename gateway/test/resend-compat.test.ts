// /compat/resend at the gateway: the API key comes as `Authorization: Bearer <key>` (Resend's SDKs) and goes no
// further; the gateway's own refusals there (key, rate limit, body size) answer Resend's error shape.
import { randomUUID } from 'node:crypto';
import { INTERNAL_TOKEN_HEADER, verifyInternalToken } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices } from './support/stand-in-services';

let services: StandInServices;
let app: FastifyInstance;

beforeAll(async () => {
  services = await startStandInServices();
  app = await buildGatewayFor(services, { RATE_LIMIT_API_MAX: '3' });
});

afterAll(async () => {
  await app?.close();
  await services?.close();
});

const newHeaders = () => ({ authorization: `Bearer ${newKey().key}` });

/** A fresh active key (each test its own, so the per-key rate limit window is its own too). */
function newKey(isActive = true): { key: string; apiKeyId: string; userId: string } {
  const key = `mw_${randomUUID()}`;
  const entry = { apiKeyId: randomUUID(), userId: randomUUID(), isActive };
  services.apiKeys.set(key, entry);
  return { key, ...entry };
}

const send = (headers: Record<string, string>, payload: unknown = { from: 'a@b.co', to: 'c@d.co' }) =>
  app.inject({ method: 'POST', url: '/compat/resend/emails', headers, payload: payload as object });

describe('the Resend-compatible prefix', () => {
  it('takes the API key as a bearer token, forwards the API-key caller, and keeps the key at the edge', async () => {
    const { key, apiKeyId, userId } = newKey();
    const response = await send({ authorization: `Bearer ${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ path: '/compat/resend/emails' });
    const forwarded = services.seen.findLast((request) => request.path === '/compat/resend/emails');
    expect(forwarded?.headers.authorization).toBeUndefined();
    const claims = await verifyInternalToken(TEST_INTERNAL_SECRET, String(forwarded?.headers[INTERNAL_TOKEN_HEADER]));
    expect(claims).toMatchObject({ kind: 'api_key', userId, apiKeyId });
    expect(response.headers['ratelimit-limit']).toBe('3');
  });

  it('accepts X-API-Key there too', async () => {
    const { key } = newKey();
    expect((await send({ 'x-api-key': key })).statusCode).toBe(200);
  });

  it("refuses a missing, unknown or inactive key in Resend's shape", async () => {
    const missing = await send({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ statusCode: 401, name: 'missing_api_key', message: expect.stringContaining('Bearer') });
    const unknown = await send({ authorization: 'Bearer mw_not_a_key' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual({ statusCode: 403, name: 'invalid_api_key', message: 'Invalid API key' });
    const { key } = newKey(false);
    const inactive = await send({ authorization: `Bearer ${key}` });
    expect(inactive.json()).toEqual({ statusCode: 403, name: 'invalid_api_key', message: 'This API key is inactive' });
    // A signed-in user's token is not an API key here.
    const userToken = await services.signUserToken(randomUUID());
    expect((await send({ authorization: `Bearer ${userToken}` })).json().name).toBe('invalid_api_key');
  });

  it("answers the per-key rate limit and an oversized body in Resend's shape", async () => {
    const { key } = newKey();
    const headers = { authorization: `Bearer ${key}` };
    for (let i = 0; i < 3; i++) expect((await send(headers)).statusCode).toBe(200);
    const limited = await send(headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ statusCode: 429, name: 'rate_limit_exceeded', message: expect.stringMatching(/^Too many/) });

    const big = await app.inject({
      method: 'POST',
      url: '/compat/resend/emails',
      headers: { ...newHeaders(), 'content-type': 'application/json' },
      payload: `{"html":"${'x'.repeat(17 * 1024 * 1024)}"}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      statusCode: 413,
      name: 'validation_error',
      message: 'Request body is too large: the limit is 16 MB',
    });
  });

  it('leaves the other API routes with their own shape and the X-API-Key header', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/emails/api/send', payload: {} });
    expect(response.json()).toEqual({ message: 'Missing API key: send it in the X-API-Key header', code: 'UNAUTHORIZED' });
    const { key } = newKey();
    const bearerElsewhere = await app.inject({
      method: 'POST',
      url: '/api/emails/api/send',
      headers: { authorization: `Bearer ${key}` },
      payload: {},
    });
    expect(bearerElsewhere.statusCode).toBe(401);
  });
});
