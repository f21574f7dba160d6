import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { runMigrations } from '@mailwright/kit';
import { createTestDatabase, type TestDatabase, userHeaders } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { entitlementsOf, publicHeaders, testConfig } from './harness';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase('billing_unconfigured');
  await runMigrations(database.url, 'billing', fileURLToPath(new URL('../drizzle', import.meta.url)));
  app = await buildApp(testConfig(database.url));
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('without Razorpay keys', () => {
  it('answers 503 PAYMENTS_NOT_CONFIGURED for a paid checkout', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/payments/create-order',
      headers: await userHeaders(randomUUID()),
      payload: { plan: 'pro' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Payments are not configured', code: 'PAYMENTS_NOT_CONFIGURED' });
  });

  it('still says a free user is already on free', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/payments/create-order',
      headers: await userHeaders(randomUUID()),
      payload: { plan: 'free' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You are already on the free plan.');
  });

  it('answers 503 for verify and webhooks', async () => {
    const verify = await app.inject({
      method: 'POST',
      url: '/payments/verify',
      headers: await userHeaders(randomUUID()),
      payload: { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'abc', plan: 'pro' },
    });
    expect(verify.statusCode).toBe(503);
    const webhook = await app.inject({
      method: 'POST',
      url: '/payments/webhook',
      headers: { ...(await publicHeaders()), 'content-type': 'application/json', 'x-razorpay-signature': 'abc' },
      payload: '{"event":"payment.captured"}',
    });
    expect(webhook.statusCode).toBe(503);
  });

  it('keeps plans, history and entitlements working', async () => {
    const plans = await app.inject({ method: 'GET', url: '/payments/plans', headers: await publicHeaders() });
    expect(plans.statusCode).toBe(200);
    expect(plans.json().data).toHaveLength(3);
    const history = await app.inject({ method: 'GET', url: '/payments/history', headers: await userHeaders(randomUUID()) });
    expect(history.json()).toEqual({ data: [] });
    expect((await entitlementsOf(app, randomUUID())).plan).toBe('free');
  });
});
