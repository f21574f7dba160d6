// A service counts the limits the edge authorizer signed into an API-key token, under the gateway's Redis keys, and
// leaves every other caller alone.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installCallerRateLimits } from './caller-rate-limits';
import { INTERNAL_TOKEN_HEADER, type InternalClaims, signInternalToken, verifyInternalToken } from './internal-token';
import { createServiceApp } from './service';
import { countLeaseTrips, TEST_INTERNAL_SECRET, testRedisUrl } from './testing';

const namespace = `test-caller-limits-${randomUUID()}:ratelimit:`;
let redis: Redis;
let app: FastifyInstance;
let trips: { count: number };
let unreachable: Redis;
let appWithoutRedis: FastifyInstance;

async function serviceApp(client: Redis) {
  const service = createServiceApp({ name: 'limits-test', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });
  installCallerRateLimits(service, client, namespace);
  service.post('/emails/api/send', async () => ({ ok: true }));
  await service.ready();
  return service;
}

beforeAll(async () => {
  redis = new Redis(testRedisUrl);
  app = await serviceApp(redis);
  trips = countLeaseTrips(redis);
  unreachable = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
  unreachable.on('error', () => undefined);
  appWithoutRedis = await serviceApp(unreachable);
});

afterAll(async () => {
  await app?.close();
  await appWithoutRedis?.close();
  unreachable?.disconnect();
  const keys = await redis.keys(`${namespace}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const call = async (claims: InternalClaims, to = app) =>
  to.inject({
    method: 'POST',
    url: '/emails/api/send',
    headers: { [INTERNAL_TOKEN_HEADER]: await signInternalToken(TEST_INTERNAL_SECRET, claims) },
    payload: {},
  });

describe('limits carried by the internal token', () => {
  it('keeps them in the signed token', async () => {
    const claims: InternalClaims = { kind: 'api_key', userId: 'u', apiKeyId: 'k', limits: { perMinute: 5, accountPerMinute: 9 } };
    expect(
      (await verifyInternalToken(TEST_INTERNAL_SECRET, await signInternalToken(TEST_INTERNAL_SECRET, claims))).limits,
    ).toEqual({
      perMinute: 5,
      accountPerMinute: 9,
    });
  });

  it("refuses a key's call over its limit per minute, with the gateway's answer and headers", async () => {
    const claims: InternalClaims = {
      kind: 'api_key',
      userId: randomUUID(),
      apiKeyId: randomUUID(),
      limits: { perMinute: 2, accountPerMinute: 10 },
    };
    const first = await call(claims);
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect(first.headers['ratelimit-remaining']).toBe('1');
    expect((await call(claims)).statusCode).toBe(200);
    const refused = await call(claims);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
      code: 'RATE_LIMITED',
    });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it("refuses an account's keys together over the account's limit", async () => {
    const userId = randomUUID();
    const keyOf = () => ({
      kind: 'api_key' as const,
      userId,
      apiKeyId: randomUUID(),
      limits: { perMinute: 5, accountPerMinute: 3 },
    });
    for (let i = 0; i < 3; i++) expect((await call(keyOf())).statusCode).toBe(200);
    const refused = await call(keyOf());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many requests from this account's API keys together\. Try again in \d+ seconds\.$/,
    );
  });

  it('counts nothing for a token without limits (the gateway counted it)', async () => {
    const claims: InternalClaims = { kind: 'api_key', userId: randomUUID(), apiKeyId: randomUUID() };
    for (let i = 0; i < 5; i++) {
      const answer = await call(claims);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  it("counts a busy key's requests from leases, not one Redis trip each, with the key's headers on every answer", async () => {
    const claims: InternalClaims = {
      kind: 'api_key',
      userId: randomUUID(),
      apiKeyId: randomUUID(),
      limits: { perMinute: 10_000, accountPerMinute: 30_000 },
    };
    const before = trips.count;
    const remaining: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const answer = await call(claims);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBe('10000');
      remaining.push(Number(answer.headers['ratelimit-remaining']));
    }
    // Two limits (the key's and the account's), each in leases growing to 64 units: a few dozen trips, not 400.
    expect(trips.count - before).toBeLessThan(40);
    expect(remaining[0]).toBe(9_999);
    expect(remaining.every((value, index) => index === 0 || value < (remaining[index - 1] as number))).toBe(true);
  });

  it('lets requests through with the limit in the headers when Redis cannot be reached', async () => {
    const claims: InternalClaims = {
      kind: 'api_key',
      userId: 'u',
      apiKeyId: 'k',
      limits: { perMinute: 500, accountPerMinute: 900 },
    };
    const answer = await call(claims, appWithoutRedis);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['ratelimit-limit']).toBe('500');
    expect(answer.headers['ratelimit-remaining']).toBe('500');
  });
});
