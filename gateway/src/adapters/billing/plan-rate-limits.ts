// The public API's per-key rate limit depends on the key owner's plan: billing's entitlements (kit's
// BillingEntitlements, cached PLAN_CACHE_SECONDS) pick a row of RATE_LIMIT_API_PLANS; RATE_LIMIT_API_MAX caps every
// plan (operator ceiling).
import type { EntitlementsSource } from '@mailwright/kit';

export function parsePlanLimits(spec: string): Record<string, number> {
  const table: Record<string, number> = {};
  for (const part of spec.split(',')) {
    const [plan, value] = part.split(':').map((text) => text.trim());
    const max = Number(value);
    if (plan && Number.isInteger(max) && max > 0) table[plan] = max;
  }
  return table;
}

export class PlanRateLimits {
  readonly table: Record<string, number>;

  constructor(
    private readonly entitlements: EntitlementsSource,
    spec: string,
    private readonly cap: number,
  ) {
    this.table = parsePlanLimits(spec);
  }

  /** The default when the plan is unknown or billing does not answer: the most common paid plan's figure. */
  private get fallback(): number {
    return this.table.pro ?? Math.min(...Object.values(this.table), this.cap);
  }

  async maxFor(userId: string | undefined): Promise<number> {
    if (!userId) return Math.min(this.fallback, this.cap);
    const plan = await this.entitlements
      .get(userId)
      .then((entitlements) => entitlements?.plan ?? null)
      .catch(() => null);
    const max = plan !== null && this.table[plan] !== undefined ? this.table[plan] : this.fallback;
    return Math.min(max, this.cap);
  }
}
