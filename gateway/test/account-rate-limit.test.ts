// The public API's rate limit per account: each key has its plan's allowance, and an account's keys together have
// RATE_LIMIT_API_KEYS_PER_ACCOUNT keys' worth, so a tenant cannot take more of the platform by creating keys.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices } from './support/stand-in-services';

let services: StandInServices;
let app: FastifyInstance;

beforeAll(async () => {
  services = await startStandInServices();
  app = await buildGatewayFor(services, {
    RATE_LIMIT_API_PLANS: 'pro:5',
    RATE_LIMIT_API_KEYS_PER_ACCOUNT: '2',
    QUEUE_PREFIX: `account-limit-${randomUUID().slice(0, 8)}`,
  });
});

afterAll(async () => {
  await app?.close();
  await services?.close();
});

function newKey(userId: string): string {
  const key = `mw_${randomUUID()}`;
  services.apiKeys.set(key, { apiKeyId: randomUUID(), userId, isActive: true });
  return key;
}

const call = (key: string) => app.inject({ method: 'GET', url: '/api/emails/api/emails', headers: { 'x-api-key': key } });

async function calls(key: string, count: number) {
  const answers = [];
  for (let i = 0; i < count; i++) answers.push(await call(key));
  return answers;
}

describe('the public API’s rate limit per account', () => {
  it('lets an account’s keys together make two keys’ worth of requests, then refuses every key of it', async () => {
    const userId = randomUUID();
    const [first, second, third] = [newKey(userId), newKey(userId), newKey(userId)];

    const firstKey = await calls(first, 6);
    expect(firstKey.map((answer) => answer.statusCode === 429)).toEqual([false, false, false, false, false, true]);
    // Below the account's limit, the headers are the key's own.
    expect(firstKey[0]?.headers['ratelimit-limit']).toBe('5');
    expect(firstKey[5]?.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. /) });

    // The key's refused request did not count for the account: five more fit, on another key.
    const secondKey = await calls(second, 5);
    expect(secondKey.map((answer) => answer.statusCode === 429)).toEqual([false, false, false, false, false]);

    const refused = await call(third);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests from this account's API keys together\. Try again in \d+ seconds\.$/),
    });
    expect(refused.headers['ratelimit-limit']).toBe('10');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(services.seen.filter((request) => request.path.startsWith('/emails/api/emails'))).toHaveLength(10);

    // Another account is not held by this one's count.
    expect((await call(newKey(randomUUID()))).statusCode).not.toBe(429);
  });
});
