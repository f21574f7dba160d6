// Billing's entitlements for the gateway: kit's BillingEntitlements over an internal client whose calls give up
// after PLAN_LOOKUP_TIMEOUT_MS, so a slow billing delays a rate-limit decision by at most that (the limit then
// falls back to the default plan's figure).
import { BillingEntitlements, InternalClient, type InternalRequest } from '@mailwright/kit';

const PLAN_LOOKUP_TIMEOUT_MS = 2_000;

class QuickInternalClient extends InternalClient {
  override call<T>(baseUrl: string, path: string, request: InternalRequest = {}): Promise<T> {
    return super.call<T>(baseUrl, path, { timeoutMs: PLAN_LOOKUP_TIMEOUT_MS, ...request });
  }
}

export function createBillingEntitlements(internalSecret: string, billingUrl: string, ttlMs: number): BillingEntitlements {
  return new BillingEntitlements(new QuickInternalClient(internalSecret, 'gateway'), billingUrl, ttlMs);
}
