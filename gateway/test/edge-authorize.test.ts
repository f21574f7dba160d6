// The edge's authorizer (routes/edge-authorize.ts): only the edge's side may ask; a yes is a token with the key's identity and
// rate limits, on a POST to an API-key route with a key that may send; every other request gets a bare 403, so the
// request is handed to the gateway whole.
import { randomUUID } from 'node:crypto';
import {
  EDGE_API_KEY_ID_HEADER,
  EDGE_AUTHORIZE_PATH,
  EDGE_METHOD_HEADER,
  EDGE_SECRET_HEADER,
  EDGE_URI_HEADER,
  edgeSecret,
  INTERNAL_TOKEN_HEADER,
  verifyInternalToken,
} from '@mailwright/kit';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices } from './support/stand-in-services';

let services: StandInServices;
let app: FastifyInstance;

beforeAll(async () => {
  services = await startStandInServices();
  // Stand-in billing puts everyone on pro.
  app = await buildGatewayFor(services, {
    RATE_LIMIT_API_PLANS: 'free:60,pro:600,enterprise:3000',
    RATE_LIMIT_API_KEYS_PER_ACCOUNT: '3',
  });
});

afterAll(async () => {
  await app?.close();
  await services?.close();
});

function key(entry: { isActive?: boolean; scopes?: ('send' | 'read')[] } = {}) {
  const value = `mw_${randomUUID()}`;
  const resolved = { apiKeyId: randomUUID(), userId: randomUUID(), isActive: entry.isActive ?? true, scopes: entry.scopes };
  services.apiKeys.set(value, resolved);
  return { value, ...resolved };
}

const ask = (headers: Record<string, string>) =>
  app.inject({
    method: 'GET',
    url: EDGE_AUTHORIZE_PATH,
    headers: {
      [EDGE_SECRET_HEADER]: edgeSecret(TEST_INTERNAL_SECRET),
      [EDGE_METHOD_HEADER]: 'POST',
      [EDGE_URI_HEADER]: '/api/emails/api/send',
      ...headers,
    },
  });

describe('the edge authorizer', () => {
  it('answers a good key with its token, identity and rate limits', async () => {
    const good = key();
    const answer = await ask({ 'x-api-key': good.value });
    expect(answer.statusCode).toBe(204);
    expect(answer.headers[EDGE_API_KEY_ID_HEADER]).toBe(good.apiKeyId);
    const claims = await verifyInternalToken(TEST_INTERNAL_SECRET, String(answer.headers[INTERNAL_TOKEN_HEADER]));
    expect(claims).toMatchObject({
      kind: 'api_key',
      userId: good.userId,
      apiKeyId: good.apiKeyId,
      limits: { perMinute: 600, accountPerMinute: 1800 },
    });
  });

  it('says no, without a reason, to keys that may not send and to anything off the API-key routes', async () => {
    const refusals: Record<string, string>[] = [
      { 'x-api-key': 'mw_unknown' },
      { 'x-api-key': key({ isActive: false }).value },
      { 'x-api-key': key({ scopes: ['read'] }).value },
      {},
      { 'x-api-key': key().value, [EDGE_URI_HEADER]: '/api/templates' },
      { 'x-api-key': key().value, [EDGE_URI_HEADER]: '/api/auth/login' },
      { 'x-api-key': key().value, [EDGE_URI_HEADER]: '/api/emails/api/../../auth/login' },
      { 'x-api-key': key().value, [EDGE_METHOD_HEADER]: '' },
      { 'x-api-key': key().value, [EDGE_METHOD_HEADER]: 'GET', [EDGE_URI_HEADER]: '/api/emails/api/some-id' },
    ];
    for (const headers of refusals) {
      const answer = await ask(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.body).toBe('');
      expect(answer.headers[INTERNAL_TOKEN_HEADER]).toBeUndefined();
    }
  });

  it('is an unknown route to anyone without the edge secret', async () => {
    const good = key();
    for (const secret of [undefined, 'guess', edgeSecret('another installation secret that is long enough')]) {
      const answer = await app.inject({
        method: 'GET',
        url: EDGE_AUTHORIZE_PATH,
        headers: { 'x-api-key': good.value, ...(secret ? { [EDGE_SECRET_HEADER]: secret } : {}) },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers[INTERNAL_TOKEN_HEADER]).toBeUndefined();
    }
  });
});
