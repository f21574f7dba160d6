import { randomUUID } from 'node:crypto';
import { FREE_ENTITLEMENTS } from '@mailwright/contracts';
import { userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementsOf, type Harness, startHarness, subscribe } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness('billing_changes');
});
afterAll(async () => {
  await harness?.close();
});

async function downgrade(userId: string, planId: string) {
  return harness.app.inject({
    method: 'POST',
    url: '/payments/downgrade',
    headers: await userHeaders(userId),
    payload: { planId },
  });
}

async function cancel(userId: string) {
  return harness.app.inject({ method: 'POST', url: '/payments/cancel', headers: await userHeaders(userId) });
}

describe('POST /payments/downgrade', () => {
  it('moves enterprise to pro at once, keeping the paid-up end date', async () => {
    const userId = randomUUID();
    await subscribe(harness, userId, 'enterprise');
    const response = await downgrade(userId, 'pro');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Successfully downgraded to Pro plan!',
      data: {
        subscription: { plan: 'pro', status: 'active', endDate: '2025-02-05T13:00:00.000Z' },
        emailQuota: { limit: 10000 },
      },
    });
    expect(await entitlementsOf(harness.app, userId)).toMatchObject({ plan: 'pro', emailLimit: 10000, apiAccess: true });
  });

  it('moves a paid plan to free at once', async () => {
    const userId = randomUUID();
    await subscribe(harness, userId, 'pro');
    const response = await downgrade(userId, 'free');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Successfully downgraded to Free plan!',
      data: { subscription: { plan: 'free', status: 'active', endDate: null }, emailQuota: { limit: 100 } },
    });
    expect(await entitlementsOf(harness.app, userId)).toEqual(FREE_ENTITLEMENTS);
  });

  it('only goes to a lower plan', async () => {
    const freeUser = randomUUID();
    const onFree = await downgrade(freeUser, 'free');
    expect(onFree.statusCode).toBe(400);
    expect(onFree.json().message).toBe('You are already on the free plan.');
    const up = await downgrade(freeUser, 'pro');
    expect(up.statusCode).toBe(400);
    expect(up.json().message).toBe('Pro is not lower than your Free plan. Subscribe to upgrade instead.');

    const proUser = randomUUID();
    await subscribe(harness, proUser, 'pro');
    expect((await downgrade(proUser, 'pro')).json().message).toBe('You are already on the Pro plan.');
    expect((await downgrade(proUser, 'enterprise')).statusCode).toBe(400);
    expect((await downgrade(proUser, 'gold')).statusCode).toBe(400);
    expect((await entitlementsOf(harness.app, proUser)).plan).toBe('pro');
  });

  it('asks for planId', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/payments/downgrade',
      headers: await userHeaders(randomUUID()),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('planId') });
  });

  it('lets a downgraded user upgrade again with a new payment', async () => {
    const userId = randomUUID();
    await subscribe(harness, userId, 'enterprise');
    await downgrade(userId, 'pro');
    const again = await subscribe(harness, userId, 'enterprise');
    expect(again.data.subscription.plan).toBe('enterprise');
    expect((await entitlementsOf(harness.app, userId)).plan).toBe('enterprise');
  });
});

describe('POST /payments/cancel', () => {
  it('returns a paid user to free at once', async () => {
    const userId = randomUUID();
    await subscribe(harness, userId, 'enterprise');
    const response = await cancel(userId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Your subscription has been cancelled. You are now on the Free plan.',
      data: { subscription: { plan: 'free', status: 'active', endDate: null }, emailQuota: { limit: 100 } },
    });
    expect((await entitlementsOf(harness.app, userId)).plan).toBe('free');
  });

  it('has nothing to cancel on free', async () => {
    const response = await cancel(randomUUID());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You have no paid subscription to cancel.');
  });
});

describe('GET /internal/entitlements/:userId', () => {
  it('answers free for a user billing has never seen', async () => {
    expect(await entitlementsOf(harness.app, randomUUID())).toMatchObject({ plan: 'free', emailLimit: 100, apiAccess: false });
  });

  it('is for services only', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/internal/entitlements/${randomUUID()}`,
      headers: await userHeaders(randomUUID()),
    });
    expect(response.statusCode).toBe(403);
  });
});
