import { randomUUID } from 'node:crypto';
import { userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementsOf, type Harness, KEY_ID, startHarness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness('billing_checkout');
});
afterAll(async () => {
  await harness?.close();
});

async function createOrder(userId: string, plan: string) {
  return harness.app.inject({
    method: 'POST',
    url: '/payments/create-order',
    headers: await userHeaders(userId),
    payload: { plan },
  });
}

async function verify(userId: string, payload: Record<string, string>) {
  return harness.app.inject({ method: 'POST', url: '/payments/verify', headers: await userHeaders(userId), payload });
}

describe('GET /payments/plans', () => {
  it('lists free, pro and enterprise with prices in paise and their features', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/payments/plans',
      headers: await userHeaders(randomUUID()),
    });
    expect(response.statusCode).toBe(200);
    const plans = response.json<{ data: Record<string, unknown>[] }>().data;
    expect(plans.map((plan) => [plan.id, plan.name, plan.price, plan.emailLimit, plan.popular])).toEqual([
      ['free', 'Free', 0, 100, false],
      ['pro', 'Pro', 2900, 10000, true],
      ['enterprise', 'Enterprise', 9900, -1, false],
    ]);
    expect(plans[0]).toMatchObject({ currency: 'INR', interval: 'month', accountLimit: 1, templateLimit: 5, apiAccess: false });
    expect(plans[2]?.features).toContainEqual({ text: 'Custom integrations', included: true });
    expect(plans[0]?.features).toContainEqual({ text: 'API access', included: false });
  });
});

describe('checkout', () => {
  it('creates a Razorpay order through the SDK with basic auth and stores it', async () => {
    const userId = randomUUID();
    const response = await createOrder(userId, 'pro');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ orderId: string; amount: number; currency: string; keyId: string }>();
    expect(body).toEqual({
      orderId: expect.stringMatching(/^order_/),
      amount: 2900,
      currency: 'INR',
      keyId: KEY_ID,
      checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    const order = harness.razorpay.orders.get(body.orderId);
    expect(order).toMatchObject({ amount: 2900, currency: 'INR', notes: { userId, plan: 'pro' } });
    expect(harness.razorpay.requests.at(-1)).toEqual({ method: 'POST', path: '/v1/orders', authorized: true });

    const history = await harness.app.inject({ method: 'GET', url: '/payments/history', headers: await userHeaders(userId) });
    expect(history.json().data).toEqual([
      expect.objectContaining({
        orderId: body.orderId,
        plan: 'pro',
        amount: 2900,
        currency: 'INR',
        status: 'created',
        paymentId: null,
      }),
    ]);
  });

  it('activates the plan for a month after a correctly signed payment', async () => {
    const userId = randomUUID();
    const { orderId } = (await createOrder(userId, 'pro')).json<{ orderId: string }>();
    const checkout = harness.razorpay.pay(orderId);
    const response = await verify(userId, { ...checkout, plan: 'pro' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Payment successful! Your subscription has been activated.',
      data: {
        subscription: { plan: 'pro', status: 'active', endDate: '2025-02-05T13:00:00.000Z' },
        emailQuota: { limit: 10000 },
      },
    });
    expect(await entitlementsOf(harness.app, userId)).toEqual({
      plan: 'pro',
      status: 'active',
      endDate: '2025-02-05T13:00:00.000Z',
      emailLimit: 10000,
      accountLimit: -1,
      templateLimit: -1,
      apiAccess: true,
    });
    const history = await harness.app.inject({ method: 'GET', url: '/payments/history', headers: await userHeaders(userId) });
    expect(history.json().data[0]).toMatchObject({ status: 'paid', paymentId: checkout.razorpay_payment_id, amount: 2900 });
  });

  it('rejects a tampered signature and changes nothing', async () => {
    const userId = randomUUID();
    const { orderId } = (await createOrder(userId, 'enterprise')).json<{ orderId: string }>();
    const checkout = harness.razorpay.pay(orderId);
    const flipped = checkout.razorpay_signature.endsWith('0') ? '1' : '0';
    const tampered = { ...checkout, razorpay_signature: `${checkout.razorpay_signature.slice(0, -1)}${flipped}` };
    const response = await verify(userId, { ...tampered, plan: 'enterprise' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
    const otherPayment = await verify(userId, { ...checkout, razorpay_payment_id: 'pay_forged', plan: 'enterprise' });
    expect(otherPayment.statusCode).toBe(400);
    expect((await entitlementsOf(harness.app, userId)).plan).toBe('free');
    const history = await harness.app.inject({ method: 'GET', url: '/payments/history', headers: await userHeaders(userId) });
    expect(history.json().data[0]).toMatchObject({ status: 'created', paymentId: null });
  });

  it('treats a replayed verification as harmless', async () => {
    const userId = randomUUID();
    const { orderId } = (await createOrder(userId, 'pro')).json<{ orderId: string }>();
    const checkout = harness.razorpay.pay(orderId);
    const first = await verify(userId, { ...checkout, plan: 'pro' });
    harness.clock.set('2025-01-20T00:00:00.000Z');
    try {
      const replay = await verify(userId, { ...checkout, plan: 'pro' });
      expect(replay.statusCode).toBe(200);
      // The replay neither extends the period nor records another change.
      expect(replay.json().data).toEqual(first.json().data);
    } finally {
      harness.clock.set('2025-01-05T13:00:00.000Z');
    }
  });

  it("does not verify another user's order, nor an order for a different plan", async () => {
    const owner = randomUUID();
    const { orderId } = (await createOrder(owner, 'pro')).json<{ orderId: string }>();
    const checkout = harness.razorpay.pay(orderId);
    const stranger = randomUUID();
    const foreign = await verify(stranger, { ...checkout, plan: 'pro' });
    expect(foreign.statusCode).toBe(404);
    expect((await entitlementsOf(harness.app, stranger)).plan).toBe('free');
    const wrongPlan = await verify(owner, { ...checkout, plan: 'enterprise' });
    expect(wrongPlan.statusCode).toBe(400);
    expect(wrongPlan.json().message).toBe('This order is for the Pro plan, not Enterprise.');
    expect((await entitlementsOf(harness.app, owner)).plan).toBe('free');
  });

  it('refuses unknown plans, the free plan while on free, and the current paid plan', async () => {
    const userId = randomUUID();
    const unknown = await createOrder(userId, 'platinum');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Unknown plan "platinum"/);

    const free = await createOrder(userId, 'free');
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe('You are already on the free plan.');

    const { orderId } = (await createOrder(userId, 'pro')).json<{ orderId: string }>();
    await verify(userId, { ...harness.razorpay.pay(orderId), plan: 'pro' });
    const again = await createOrder(userId, 'pro');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('You are already on the Pro plan.');

    const upgrade = await createOrder(userId, 'enterprise');
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json().amount).toBe(9900);
  });

  it('requires a signed-in user', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/payments/create-order',
      headers: await userHeaders(''),
      payload: { plan: 'pro' },
    });
    expect(response.statusCode).toBe(401);
    const anonymous = await harness.app.inject({ method: 'POST', url: '/payments/create-order', payload: { plan: 'pro' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reports a Razorpay rejection as a bad gateway, not a crash', async () => {
    const broken = await startHarness('billing_checkout_badkey', { RAZORPAY_KEY_SECRET: 'wrong-secret' });
    try {
      broken.razorpay.requests.length = 0;
      const response = await broken.app.inject({
        method: 'POST',
        url: '/payments/create-order',
        headers: await userHeaders(randomUUID()),
        payload: { plan: 'pro' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('Could not create the payment order: Authentication failed');
      expect(broken.razorpay.requests).toEqual([{ method: 'POST', path: '/v1/orders', authorized: false }]);
    } finally {
      await broken.close();
    }
  });
});
