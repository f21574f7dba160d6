// Every service request needs a valid internal token, but the probes; a verified token is remembered until it expires.
// A service on the edge's data path also takes the edge's requests: with the edge's secret and an API key the
// authorizer says yes to, as the key's caller; any other key goes back to nginx, for the gateway.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDGE_API_KEY_ID_HEADER,
  EDGE_METHOD_HEADER,
  EDGE_SECRET_HEADER,
  EDGE_URI_HEADER,
  EdgeAuthorizer,
  type EdgeQuestion,
  edgeSecret,
} from './edge-callers';
import { requireUserId } from './internal-auth';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from './internal-token';
import { createServiceApp } from './service';
import { TEST_INTERNAL_SECRET } from './testing';

let app: FastifyInstance;
const questions: EdgeQuestion[] = [];

beforeAll(async () => {
  const edge = new EdgeAuthorizer(TEST_INTERNAL_SECRET, async (question) => {
    questions.push(question);
    if (question.apiKey !== 'mw_good') return null;
    return {
      token: await signInternalToken(TEST_INTERNAL_SECRET, { kind: 'api_key', userId: 'u-7', apiKeyId: 'k-7' }),
      apiKeyId: 'k-7',
    };
  });
  app = createServiceApp({ name: 'auth-test', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent', edge });
  app.get('/whoami', async (request) => ({ userId: requireUserId(request) }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

const whoami = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/whoami', headers });
/** A request as the edge forwards it: the caller's key with the edge's secret and the request as nginx got it. */
const fromEdge = (apiKey: string, secret = edgeSecret(TEST_INTERNAL_SECRET)) =>
  whoami({ [EDGE_SECRET_HEADER]: secret, 'x-api-key': apiKey, [EDGE_METHOD_HEADER]: 'POST', [EDGE_URI_HEADER]: '/api/whoami' });

describe('internal auth', () => {
  it('refuses a request without a token, and one with a token signed by another secret', async () => {
    const missing = await whoami();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'Missing internal token', code: 'UNAUTHORIZED' });
    const forged = await signInternalToken('another-secret-of-enough-length-0123456789', { kind: 'user', userId: 'u1' });
    const refused = await whoami({ [INTERNAL_TOKEN_HEADER]: forged });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Invalid internal token', code: 'UNAUTHORIZED' });
    expect((await whoami({ [INTERNAL_TOKEN_HEADER]: 'not-a-token' })).statusCode).toBe(401);
  });

  it('passes the caller of a valid token on, the first time and again from what it remembered', async () => {
    const token = await signInternalToken(TEST_INTERNAL_SECRET, { kind: 'user', userId: 'u-42' });
    for (let i = 0; i < 2; i += 1) {
      const answer = await whoami({ [INTERNAL_TOKEN_HEADER]: token });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ userId: 'u-42' });
    }
  });

  it("takes the edge's request with a key the authorizer says yes to as that key's caller", async () => {
    const answer = await fromEdge('mw_good');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ userId: 'u-7' });
    expect(answer.headers[EDGE_API_KEY_ID_HEADER]).toBe('k-7');
    expect(questions.at(-1)).toEqual({ apiKey: 'mw_good', method: 'POST', uri: '/api/whoami' });
  });

  it('hands any other key back to nginx for the gateway, and runs nothing', async () => {
    const answer = await fromEdge('mw_refused');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['x-accel-redirect']).toBe('@gateway');
    expect(answer.body).toBe('');
    const noKey = await whoami({ [EDGE_SECRET_HEADER]: edgeSecret(TEST_INTERNAL_SECRET) });
    expect(noKey.headers['x-accel-redirect']).toBe('@gateway');
  });

  it("refuses a key without the edge's secret, without asking about it", async () => {
    const asked = questions.length;
    const forged = await fromEdge('mw_good', 'x'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Missing internal token', code: 'UNAUTHORIZED' });
    expect(forged.headers['x-accel-redirect']).toBeUndefined();
    expect(questions.length).toBe(asked);
  });

  it('leaves the probes open', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
