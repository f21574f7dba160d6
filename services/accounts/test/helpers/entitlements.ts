// Entitlements for tests: every user gets `plan` unless set per user.
import { type Entitlements, FREE_ENTITLEMENTS } from '@mailwright/contracts';
import type { EntitlementsSource } from '@mailwright/kit';

export const UNLIMITED: Entitlements = {
  ...FREE_ENTITLEMENTS,
  plan: 'pro',
  emailLimit: 10_000,
  accountLimit: -1,
  templateLimit: -1,
  apiAccess: true,
};

export class FixedEntitlements implements EntitlementsSource {
  private readonly perUser = new Map<string, Entitlements>();

  constructor(private readonly fallback: Entitlements = UNLIMITED) {}

  set(userId: string, entitlements: Entitlements): void {
    this.perUser.set(userId, entitlements);
  }

  async get(userId: string): Promise<Entitlements> {
    return this.perUser.get(userId) ?? this.fallback;
  }

  forget(): void {}
}
