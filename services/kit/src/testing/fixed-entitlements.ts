// A stand-in for billing in tests: every user has one fixed plan unless a test sets theirs.
import { type Entitlements, FREE_ENTITLEMENTS, findPlan } from '@mailwright/contracts';
import type { EntitlementsSource } from '../entitlements';

const { emailLimit, accountLimit, templateLimit, apiAccess } = findPlan('pro');

/** The pro plan as billing serves it (no account or template limit), read from contracts' plan table. */
export const PRO_ENTITLEMENTS: Entitlements = {
  ...FREE_ENTITLEMENTS,
  plan: 'pro',
  emailLimit,
  accountLimit,
  templateLimit,
  apiAccess,
};

export class FixedEntitlements implements EntitlementsSource {
  private readonly perUser = new Map<string, Entitlements>();

  /** `fallback` is the plan of every user not set; the free plan unless given. */
  constructor(private readonly fallback: Entitlements = FREE_ENTITLEMENTS) {}

  set(userId: string, entitlements: Entitlements): void {
    this.perUser.set(userId, entitlements);
  }

  async get(userId: string): Promise<Entitlements> {
    return this.perUser.get(userId) ?? this.fallback;
  }

  forget(): void {}
}
