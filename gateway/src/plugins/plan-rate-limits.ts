// The public API's per-key rate limit depends on the key owner's plan: billing's entitlements (cached 30 s)
// pick a row of RATE_LIMIT_API_PLANS; RATE_LIMIT_API_MAX caps every plan (operator ceiling).
import type { Entitlements } from '@mailwright/contracts';
import type { InternalClient } from '@mailwright/kit';

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
  private readonly cache = new Map<string, { plan: Promise<string>; expiresAt: number }>();

  constructor(
    private readonly client: InternalClient,
    private readonly billingUrl: string,
    spec: string,
    private readonly cap: number,
    private readonly ttlMs = 30_000,
  ) {
    this.table = parsePlanLimits(spec);
  }

  /** The default when the plan is unknown or billing does not answer: the most common paid plan's figure. */
  private get fallback(): number {
    return this.table.pro ?? Math.min(...Object.values(this.table), this.cap);
  }

  async maxFor(userId: string | undefined): Promise<number> {
    if (!userId) return Math.min(this.fallback, this.cap);
    const plan = await this.planOf(userId).catch(() => null);
    const max = plan !== null && this.table[plan] !== undefined ? this.table[plan] : this.fallback;
    return Math.min(max, this.cap);
  }

  private planOf(userId: string): Promise<string> {
    const hit = this.cache.get(userId);
    if (hit && hit.expiresAt > Date.now()) return hit.plan;
    const plan = this.client
      .call<{ data: Entitlements }>(this.billingUrl, `/internal/entitlements/${encodeURIComponent(userId)}`, { timeoutMs: 2_000 })
      .then((answer) => answer.data.plan);
    plan.catch(() => this.cache.delete(userId));
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(userId, { plan, expiresAt: Date.now() + this.ttlMs });
    return plan;
  }
}
