import { FREE_ENTITLEMENTS } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { assertCanAddAccount } from './account-limit';

describe('assertCanAddAccount', () => {
  it('lets a free user add the first account', () => {
    expect(() => assertCanAddAccount(FREE_ENTITLEMENTS, 0)).not.toThrow();
  });

  it('refuses a free user a second account, naming the limit and /pricing', () => {
    expect(() => assertCanAddAccount(FREE_ENTITLEMENTS, 1)).toThrow(
      'Your Free plan allows 1 email account. Upgrade your plan at /pricing to add more email accounts.',
    );
  });

  it('treats -1 as unlimited', () => {
    expect(() => assertCanAddAccount({ ...FREE_ENTITLEMENTS, plan: 'pro', accountLimit: -1 }, 500)).not.toThrow();
  });
});
