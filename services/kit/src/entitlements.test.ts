import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FREE_ENTITLEMENTS } from '@mailwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingEntitlements } from './entitlements';
import { InternalClient } from './internal-client';

// A real HTTP billing look-alike that counts calls and answers slowly enough for requests to overlap.
let server: Server;
let baseUrl = '';
let calls = 0;
let plan = 'free';
/** The x-request-id of each call billing received, in order. */
const requestIds: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    calls += 1;
    requestIds.push(request.headers['x-request-id'] as string | undefined);
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: { ...FREE_ENTITLEMENTS, plan } }));
    }, 30);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new InternalClient('x'.repeat(32), 'test');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('BillingEntitlements', () => {
  it('shares one billing call among concurrent misses', async () => {
    const source = new BillingEntitlements(client(), baseUrl, 1_000);
    calls = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => source.get('u1')));
    expect(calls).toBe(1);
    expect(answers.every((answer) => answer.plan === 'free')).toBe(true);
  });

  it('refreshes in the background in the second half of the lifetime and never serves older than the TTL', async () => {
    const source = new BillingEntitlements(client(), baseUrl, 1_000);
    plan = 'free';
    await source.get('u2');
    calls = 0;
    plan = 'pro';
    await sleep(600);
    // Past half-life: the cached answer comes back at once and one refresh starts.
    expect((await source.get('u2')).plan).toBe('free');
    expect((await source.get('u2')).plan).toBe('free');
    await sleep(250);
    expect(calls).toBe(1);
    expect((await source.get('u2')).plan).toBe('pro');
    expect(calls).toBe(1);
    await sleep(1_100);
    // Expired: waits for billing.
    plan = 'enterprise';
    expect((await source.get('u2')).plan).toBe('enterprise');
  });

  it('fresh reads and forget() skip the cache', async () => {
    const source = new BillingEntitlements(client(), baseUrl, 60_000);
    plan = 'free';
    await source.get('u3');
    plan = 'pro';
    expect((await source.get('u3')).plan).toBe('free');
    expect((await source.get('u3', { fresh: true })).plan).toBe('pro');
    plan = 'enterprise';
    source.forget('u3');
    expect((await source.get('u3')).plan).toBe('enterprise');
  });

  it("forwards the id of the request a billing call serves: a fresh read's own, a shared miss's first", async () => {
    const source = new BillingEntitlements(client(), baseUrl, 1_000);
    requestIds.length = 0;
    await Promise.all([source.get('u4', { requestId: 'req-a' }), source.get('u4', { requestId: 'req-b' })]);
    await source.get('u4', { fresh: true, requestId: 'req-c' });
    await source.get('u5');
    expect(requestIds).toEqual(['req-a', 'req-c', undefined]);
  });
});
