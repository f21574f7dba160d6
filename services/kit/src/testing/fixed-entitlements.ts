// A stand-in for billing in tests: every user has one fixed plan unless a test sets theirs.
import { type Entitlements, FREE_ENTITLEMENTS } from '@mailwright/contracts';
import type { EntitlementsSource } from '../entitlements';

/** A pro plan without account or template limits, for tests about something other than limits. */
export const UNLIMITED_ENTITLEMENTS: Entitlements = {
  ...FREE_ENTITLEMENTS,
  plan: 'pro',
  emailLimit: 10_000,
  accountLimit: -1,
  templateLimit: -1,
  apiAccess: true,
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
