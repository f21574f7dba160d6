// Plans, checkout and plan changes through the gateway, with entitlements visible everywhere.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, signUpVerified } from './support/api';
import { upgrade } from './support/checkout';
import { RAZORPAY_WEBHOOK_SECRET } from './support/razorpay-stand-in';

type Me = { user: { subscription: { plan: string; status: string; endDate: string | null }; emailQuota: { limit: number } } };

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

describe('billing through the gateway', () => {
  it('lists the three plans publicly, priced in paise', async () => {
    const plans = await api<{ data: Array<{ id: string; price: number; features: Array<{ text: string; included: boolean }> }> }>(
      '/api/payments/plans',
    );
    expect(plans.status).toBe(200);
    expect(plans.body.data.map((plan) => [plan.id, plan.price])).toEqual([
      ['free', 0],
      ['pro', 2900],
      ['enterprise', 9900],
    ]);
    expect(plans.body.data[1]?.features.length).toBeGreaterThan(3);
  });

  it('upgrades to pro, lifts the limits at once, then downgrades back to free', async () => {
    const user = await signUpVerified('upgrade');
    const free = await api('/api/payments/create-order', { token: user.token, body: { plan: 'free' } });
    expect(free.status).toBe(400);
    expect(free.body.message).toBe('You are already on the free plan.');

    const forged = await api('/api/payments/verify', {
      token: user.token,
      body: { razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x', razorpay_signature: 'f'.repeat(64), plan: 'pro' },
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);

    const { order, verify } = await upgrade(user.token, 'pro');
    expect(order.body).toMatchObject({ amount: 2900, currency: 'INR', keyId: 'rzp_test_e2e' });
    expect(verify.status).toBe(200);

    const me = await api<Me>('/api/auth/me', { token: user.token });
    expect(me.body.user.subscription).toMatchObject({ plan: 'pro', status: 'active' });
    expect(me.body.user.subscription.endDate).toBeTruthy();
    expect(me.body.user.emailQuota.limit).toBe(10_000);

    // Templates read entitlements (cached for a moment): the sixth template is allowed on pro.
    for (let i = 1; i <= 5; i++) {
      await api('/api/templates', { token: user.token, body: { name: `T${i}`, subject: 's', body: 'b' } });
    }
    const sixth = await eventually(
      () => api('/api/templates', { token: user.token, body: { name: 'T6', subject: 's', body: 'b' } }),
      (response) => response.status === 201,
    );
    expect(sixth.status).toBe(201);

    const history = await api<{ data: Array<{ plan: string; status: string; amount: number }> }>('/api/payments/history', {
      token: user.token,
    });
    expect(history.body.data[0]).toMatchObject({ plan: 'pro', status: 'paid', amount: 2900 });

    const downgrade = await api<{ data: { subscription: { plan: string }; emailQuota: { limit: number } } }>(
      '/api/payments/downgrade',
      { token: user.token, body: { planId: 'free' } },
    );
    expect(downgrade.status).toBe(200);
    expect(downgrade.body.data.subscription.plan).toBe('free');
    expect(downgrade.body.data.emailQuota.limit).toBe(100);
    const after = await api<Me>('/api/auth/me', { token: user.token });
    expect(after.body.user.subscription.plan).toBe('free');
  });

  it('refuses a webhook with a bad signature and accepts a correctly signed one', async () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_none', order_id: 'order_none', amount: 2900 } } },
    });
    const bad = await api('/api/payments/webhook', { rawBody: body, headers: { 'x-razorpay-signature': 'nope' } });
    expect(bad.status).toBe(400);
    const signature = createHmac('sha256', RAZORPAY_WEBHOOK_SECRET).update(body).digest('hex');
    const good = await api('/api/payments/webhook', { rawBody: body, headers: { 'x-razorpay-signature': signature } });
    expect(good.status).toBe(200);
  });
});
