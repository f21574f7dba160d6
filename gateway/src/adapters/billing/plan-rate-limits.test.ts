import type { Entitlements } from '@mailwright/contracts';
import type { EntitlementsSource } from '@mailwright/kit';
import { describe, expect, it } from 'vitest';
import { PlanRateLimits, parsePlanLimits } from './plan-rate-limits';

const source = (answer: (userId: string) => Promise<Partial<Entitlements> | undefined>): EntitlementsSource => ({
  get: (userId) => answer(userId) as Promise<Entitlements>,
  forget: () => {},
});

describe('PlanRateLimits', () => {
  it('reads the plan table, skipping malformed rows', () => {
    expect(parsePlanLimits('free:60, pro : 600,bad,enterprise:0,x:3000')).toEqual({ free: 60, pro: 600, x: 3000 });
  });

  it("gives a key its owner's plan figure, capped by the operator maximum", async () => {
    const limits = new PlanRateLimits(
      source(async () => ({ plan: 'enterprise' })),
      'free:60,pro:600,enterprise:3000',
      1000,
    );
    expect(await limits.maxFor('user-1')).toBe(1000);
  });

  it('falls back to the pro figure when billing fails, answers nonsense or the plan is unknown', async () => {
    const spec = 'free:60,pro:600,enterprise:3000';
    expect(
      await new PlanRateLimits(
        source(() => Promise.reject(new Error('down'))),
        spec,
        6000,
      ).maxFor('u'),
    ).toBe(600);
    expect(
      await new PlanRateLimits(
        source(async () => undefined),
        spec,
        6000,
      ).maxFor('u'),
    ).toBe(600);
    expect(
      await new PlanRateLimits(
        source(async () => ({ plan: 'gold' as never })),
        spec,
        6000,
      ).maxFor('u'),
    ).toBe(600);
    expect(
      await new PlanRateLimits(
        source(async () => ({ plan: 'free' })),
        spec,
        6000,
      ).maxFor(undefined),
    ).toBe(600);
  });
});
