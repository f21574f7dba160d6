import { describe, expect, it } from 'vitest';
import { RecentRate, RecentRates } from './recent-rate';

describe('RecentRate', () => {
  it('counts the current second from its first emails', () => {
    const rate = new RecentRate();
    rate.add(3, 10_100);
    rate.add(2, 10_900);
    expect(rate.perSecond(10_950)).toBe(5);
  });

  it('keeps the last whole second while the current one is quieter', () => {
    const rate = new RecentRate();
    rate.add(40, 10_500);
    rate.add(1, 11_200);
    expect(rate.perSecond(11_300)).toBe(40);
    rate.add(50, 11_400);
    expect(rate.perSecond(11_500)).toBe(51);
  });

  it('forgets everything after a second with nothing in it', () => {
    const rate = new RecentRate();
    rate.add(40, 10_500);
    expect(rate.perSecond(12_100)).toBe(0);
    expect(rate.perSecond(11_999)).toBe(0); // the clock going back does not bring it back
  });
});

describe('RecentRates', () => {
  it('counts each user apart', () => {
    const rates = new RecentRates();
    rates.add('a', 30, 10_100);
    rates.add('b', 1, 10_200);
    expect([rates.perSecond('a', 10_300), rates.perSecond('b', 10_300), rates.perSecond('c', 10_300)]).toEqual([30, 1, 0]);
  });

  it('forgets a user after a whole second without emails', () => {
    const rates = new RecentRates();
    rates.add('a', 30, 10_100);
    rates.add('b', 1, 11_100);
    expect(rates.size).toBe(2);
    rates.add('b', 1, 12_100);
    expect(rates.size).toBe(1);
    expect(rates.perSecond('a', 12_100)).toBe(0);
  });
});
