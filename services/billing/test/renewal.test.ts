import { randomUUID } from 'node:crypto';
import { userHeaders } from '@mailwright/kit/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLapsedSubscriptions } from '../src/domain/expire-lapsed-subscriptions';
import { entitlementsOf, type Harness, startHarness, subscribe } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness('billing_renewal', { BILLING_RENEWAL_SWEEP_MS: 50 });
});
afterAll(async () => {
  await harness?.close();
});

async function storedPlan(userId: string): Promise<string | undefined> {
  const result = await harness.deps.db.execute<{ plan: string }>(
    sql`select plan from billing.subscriptions where user_id = ${userId}`,
  );
  return result.rows[0]?.plan;
}

async function history(userId: string) {
  const result = await harness.deps.db.execute<{ from_plan: string; to_plan: string; reason: string }>(
    sql`select from_plan, to_plan, reason from billing.subscription_history where user_id = ${userId} order by created_at`,
  );
  return result.rows;
}

describe('renewal', () => {
  it('keeps the plan until the end date and returns to free once it passes (checked on read)', async () => {
    harness.clock.set('2025-03-10T09:00:00.000Z');
    const userId = randomUUID();
    await subscribe(harness, userId, 'pro');
    harness.clock.set('2025-04-10T08:59:59.000Z');
    expect(await entitlementsOf(harness.app, userId)).toMatchObject({ plan: 'pro', endDate: '2025-04-10T09:00:00.000Z' });

    harness.clock.set('2025-04-10T09:00:00.000Z');
    expect(await entitlementsOf(harness.app, userId)).toMatchObject({ plan: 'free', endDate: null, emailLimit: 100 });
    expect(await storedPlan(userId)).toBe('free');
    expect(await history(userId)).toEqual([
      { from_plan: 'free', to_plan: 'pro', reason: 'payment' },
      { from_plan: 'pro', to_plan: 'free', reason: 'expired' },
    ]);
    const order = await harness.app.inject({
      method: 'POST',
      url: '/payments/create-order',
      headers: await userHeaders(userId),
      payload: { plan: 'free' },
    });
    expect(order.json().message).toBe('You are already on the free plan.');
  });

  it('the periodic sweep returns lapsed users to free without anyone reading them', async () => {
    harness.clock.set('2025-05-01T00:00:00.000Z');
    const lapsing = randomUUID();
    const staying = randomUUID();
    await subscribe(harness, lapsing, 'enterprise');
    harness.clock.set('2025-05-20T00:00:00.000Z');
    await subscribe(harness, staying, 'pro');

    harness.clock.set('2025-06-02T00:00:00.000Z');
    await expect.poll(() => storedPlan(lapsing), { timeout: 5_000, interval: 50 }).toBe('free');
    expect(await storedPlan(staying)).toBe('pro');
    expect((await history(lapsing)).at(-1)).toEqual({ from_plan: 'enterprise', to_plan: 'free', reason: 'expired' });
    expect(await history(lapsing)).toHaveLength(2);
  });

  it('paying again before the end date starts a new month from the payment', async () => {
    harness.clock.set('2025-07-01T00:00:00.000Z');
    const userId = randomUUID();
    await subscribe(harness, userId, 'pro');
    harness.clock.set('2025-07-20T00:00:00.000Z');
    const upgraded = await subscribe(harness, userId, 'enterprise');
    expect(upgraded.data.subscription).toMatchObject({ plan: 'enterprise', endDate: '2025-08-20T00:00:00.000Z' });
    harness.clock.set('2025-08-05T00:00:00.000Z');
    // Other tests' users may lapse at this clock (the 50 ms sweep races this call), so check this user only.
    await expireLapsedSubscriptions(harness.deps);
    expect(await storedPlan(userId)).toBe('enterprise');
    expect((await entitlementsOf(harness.app, userId)).plan).toBe('enterprise');
  });
});
