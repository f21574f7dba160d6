import { describe, expect, it } from 'vitest';
import { formatPlanPrice } from './format-price';
import { PLAN_CATALOGUE, planName, planRank } from './plan-catalogue';

describe('plan catalogue', () => {
  it('states the spec prices 0, 29 and 99 a month with Pro the popular one', () => {
    expect(PLAN_CATALOGUE.map((plan) => formatPlanPrice(plan.price))).toEqual(['₹0', '₹29', '₹99']);
    expect(PLAN_CATALOGUE.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['pro']);
  });

  it('names the plans and shows an unknown id as it is', () => {
    expect(planName('enterprise')).toBe('Enterprise');
    expect(planName('legacy')).toBe('legacy');
  });

  it('ranks dearer plans higher', () => {
    expect(planRank('free')).toBeLessThan(planRank('pro'));
    expect(planRank('pro')).toBeLessThan(planRank('enterprise'));
  });
});
