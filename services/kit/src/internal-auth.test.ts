// Every service request needs a valid internal token, but the probes; a verified token is remembered until it expires.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireUserId } from './internal-auth';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from './internal-token';
import { createServiceApp } from './service';
import { TEST_INTERNAL_SECRET } from './testing';

let app: FastifyInstance;

beforeAll(async () => {
  app = createServiceApp({ name: 'auth-test', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });
  app.get('/whoami', async (request) => ({ userId: requireUserId(request) }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

const whoami = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/whoami', headers });

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

  it('leaves the probes open', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
