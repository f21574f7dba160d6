// The plan and monthly quota shown on a user, owned by billing and mail. While those services are
// down (or not built yet) the user still loads, with the free plan's figures.
import type { EmailQuota, Entitlements, Subscription } from '@mailwright/contracts';
import type { InternalClient } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';

export interface AccountFigures {
  subscription: Subscription;
  emailQuota: EmailQuota;
}

export interface AccountFiguresSource {
  /** requestId: the request this serves, forwarded to billing and mail. */
  forUser(userId: string, requestId?: string): Promise<AccountFigures>;
}

const FALLBACK_SUBSCRIPTION: Subscription = { plan: 'free', status: 'active', endDate: null };
const FALLBACK_QUOTA: EmailQuota = { used: 0, limit: 100 };
const TIMEOUT_MS = 2_000;
/** While a service is down every /auth/me would warn; one line a minute per service is enough. */
const WARN_EVERY_MS = 60_000;

export class RemoteAccountFigures implements AccountFiguresSource {
  private readonly lastWarnedAt = new Map<string, number>();

  constructor(
    private readonly client: InternalClient,
    private readonly urls: { billing: string; mail: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  async forUser(userId: string, requestId?: string): Promise<AccountFigures> {
    const id = encodeURIComponent(userId);
    const request = { timeoutMs: TIMEOUT_MS, requestId };
    const [entitlements, quota] = await Promise.all([
      this.client
        .call<{ data: Entitlements }>(this.urls.billing, `/internal/entitlements/${id}`, request)
        .then(({ data }) => data)
        .catch((error: unknown) => this.fallback<Entitlements | null>('billing', error, null)),
      this.client
        .call<{ data: EmailQuota }>(this.urls.mail, `/internal/quota/${id}`, request)
        .then(({ data }): EmailQuota => ({ used: data.used, limit: data.limit }))
        .catch((error: unknown) => this.fallback('mail', error, FALLBACK_QUOTA)),
    ]);
    if (!entitlements) return { subscription: { ...FALLBACK_SUBSCRIPTION }, emailQuota: quota };
    // Billing is the authority on the limit (mail may hold a cached copy for a moment after a plan change).
    return {
      subscription: { plan: entitlements.plan, status: entitlements.status, endDate: entitlements.endDate ?? null },
      emailQuota: { used: quota.used, limit: entitlements.emailLimit },
    };
  }

  private fallback<T>(service: string, error: unknown, value: T): T {
    const reason = error instanceof Error ? error.message : String(error);
    const now = Date.now();
    if (now - (this.lastWarnedAt.get(service) ?? 0) >= WARN_EVERY_MS) {
      this.lastWarnedAt.set(service, now);
      this.log.warn(`Could not read figures from ${service} (${reason}); showing free-plan defaults`);
    }
    return value && typeof value === 'object' ? { ...value } : value;
  }
}
