import { PLANS } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { allowanceOf, apiAccessPlansText, planOf } from './plan-allowance';

describe('allowanceOf', () => {
  it('counts against a limit and says when it is used up', () => {
    expect(allowanceOf(1, 1, 'accounts')).toEqual({ text: '1 of 1 accounts', isAtLimit: true });
    expect(allowanceOf(2, 5, 'templates')).toEqual({ text: '2 of 5 templates', isAtLimit: false });
    expect(allowanceOf(6, 5, 'templates').isAtLimit).toBe(true);
  });

  it('never stops an unlimited plan', () => {
    expect(allowanceOf(40, -1, 'accounts')).toEqual({ text: '40 accounts (unlimited)', isAtLimit: false });
  });
});

describe('plans', () => {
  it('names the plans with API access as the spec does', () => {
    expect(apiAccessPlansText(PLANS)).toBe('Pro and Enterprise');
  });

  it('reads a missing plan as Free with its limits', () => {
    expect(planOf(undefined)).toMatchObject({ id: 'free', accountLimit: 1, templateLimit: 5, apiAccess: false });
  });
});
