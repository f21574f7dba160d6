import type { AddressInfo } from 'node:net';
import { type Entitlements, FREE_ENTITLEMENTS } from '@mailwright/contracts';
import { createServiceApp, requireService } from '@mailwright/kit';
import { FixedEntitlements, PRO_ENTITLEMENTS, TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, sampleTemplate, startTestApp, type TestApp } from './helpers';

const FREE_LIMIT_MESSAGE = 'Your free plan allows 5 templates. Upgrade to Pro for unlimited templates at /pricing.';

async function createMany(t: TestApp, headers: Record<string, string>, count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      t.app.inject({ method: 'POST', url: '/templates', headers, payload: sampleTemplate({ name: `t${i}` }) }),
    ),
  );
}

describe('plan limits with fixed entitlements', () => {
  let t: TestApp;
  const entitlements = new FixedEntitlements();

  beforeAll(async () => {
    t = await startTestApp('templates_limits', { entitlements });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets a free user keep 5 templates and refuses the sixth with the upgrade path', async () => {
    const { headers } = await newUser();
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/templates', headers, payload: sampleTemplate() });
      expect(response.statusCode).toBe(201);
    }
    const sixth = await t.app.inject({ method: 'POST', url: '/templates', headers, payload: sampleTemplate() });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toEqual({ message: FREE_LIMIT_MESSAGE, code: 'PLAN_LIMIT', limit: 5 });
    const list = await t.app.inject({ method: 'GET', url: '/templates', headers });
    expect(list.json().data).toHaveLength(5);
  });

  it('lets a free user create again after deleting one', async () => {
    const { headers } = await newUser();
    const created = await createMany(t, headers, 5);
    const id = created[0]?.json().data.id;
    await t.app.inject({ method: 'DELETE', url: `/templates/${id}`, headers });
    const again = await t.app.inject({ method: 'POST', url: '/templates', headers, payload: sampleTemplate() });
    expect(again.statusCode).toBe(201);
  });

  it('never lets concurrent creations pass the free limit', async () => {
    const { headers } = await newUser();
    const responses = await createMany(t, headers, 12);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(7);
    const list = await t.app.inject({ method: 'GET', url: '/templates', headers });
    expect(list.json().data).toHaveLength(5);
  });

  it('does not count other users’ templates', async () => {
    const first = await newUser();
    const second = await newUser();
    await createMany(t, first.headers, 5);
    const response = await t.app.inject({
      method: 'POST',
      url: '/templates',
      headers: second.headers,
      payload: sampleTemplate(),
    });
    expect(response.statusCode).toBe(201);
  });

  it('lets a pro user (templateLimit -1) create more than 5, also concurrently', async () => {
    const { userId, headers } = await newUser();
    entitlements.set(userId, PRO_ENTITLEMENTS);
    const responses = await createMany(t, headers, 8);
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
  });

  it('still allows updates when a user is over the limit after a downgrade', async () => {
    const { userId, headers } = await newUser();
    entitlements.set(userId, PRO_ENTITLEMENTS);
    const created = await createMany(t, headers, 6);
    entitlements.set(userId, FREE_ENTITLEMENTS);
    const refused = await t.app.inject({ method: 'POST', url: '/templates', headers, payload: sampleTemplate() });
    expect(refused.statusCode).toBe(403);
    const id = created[0]?.json().data.id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/templates/${id}`,
      headers,
      payload: sampleTemplate({ name: 'kept' }),
    });
    expect(updated.statusCode).toBe(200);
  });

  it('names the plan and limit for other limited plans', async () => {
    const { userId, headers } = await newUser();
    entitlements.set(userId, { ...PRO_ENTITLEMENTS, templateLimit: 1 });
    await createMany(t, headers, 1);
    const refused = await t.app.inject({ method: 'POST', url: '/templates', headers, payload: sampleTemplate() });
    expect(refused.json().message).toBe('Your pro plan allows 1 template. Upgrade your plan for more templates at /pricing.');
  });
});

describe('plan limits read from billing over HTTP', () => {
  let billing: FastifyInstance;
  let t: TestApp;
  const plans = new Map<string, Entitlements>();
  const billingCalls: string[] = [];

  beforeAll(async () => {
    // A stand-in billing service speaking the real internal protocol (token checked by kit).
    billing = createServiceApp({ name: 'billing', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });
    billing.get<{ Params: { userId: string } }>('/internal/entitlements/:userId', async (request) => {
      billingCalls.push(requireService(request));
      return { data: plans.get(request.params.userId) ?? FREE_ENTITLEMENTS };
    });
    await billing.listen({ port: 0, host: '127.0.0.1' });
    const { port } = billing.server.address() as AddressInfo;
    t = await startTestApp('templates_billing', {}, { BILLING_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await billing?.close();
  });

  it('enforces the free limit from billing and lifts it for a pro user', async () => {
    const free = await newUser();
    const created = await createMany(t, free.headers, 6);
    expect(created.filter((response) => response.statusCode === 201)).toHaveLength(5);
    const refused = created.find((response) => response.statusCode === 403);
    expect(refused?.json()).toEqual({ message: FREE_LIMIT_MESSAGE, code: 'PLAN_LIMIT', limit: 5 });
    expect(billingCalls).toContain('templates');

    const pro = await newUser();
    plans.set(pro.userId, PRO_ENTITLEMENTS);
    const unlimited = await createMany(t, pro.headers, 7);
    expect(unlimited.every((response) => response.statusCode === 201)).toBe(true);
  });

  it('answers 503 with a clear message when billing is unreachable', async () => {
    const down = await startTestApp('templates_billing_down', {}, { BILLING_URL: 'http://127.0.0.1:9' });
    try {
      const { headers } = await newUser();
      const response = await down.app.inject({ method: 'POST', url: '/templates', headers, payload: sampleTemplate() });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});
