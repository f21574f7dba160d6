import { describe, expect, it } from 'vitest';
import { planButtonLabel, planChoice } from './plan-choice';

describe('planChoice', () => {
  it('marks the current plan, downgrades to cheaper plans and subscribes to dearer ones', () => {
    expect(planChoice('free', 'free')).toBe('current');
    expect(planChoice('free', 'pro')).toBe('subscribe');
    expect(planChoice('pro', 'enterprise')).toBe('subscribe');
    expect(planChoice('pro', 'free')).toBe('downgrade');
    expect(planChoice('enterprise', 'pro')).toBe('downgrade');
    expect(planChoice('enterprise', 'free')).toBe('downgrade');
  });

  it('labels the buttons with the spec texts', () => {
    expect(planButtonLabel('current', false)).toBe('Current Plan');
    expect(planButtonLabel('subscribe', false)).toBe('Subscribe Now');
    expect(planButtonLabel('downgrade', false)).toBe('Downgrade');
    expect(planButtonLabel('subscribe', true)).toBe('Processing...');
  });
});
