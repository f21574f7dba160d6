// What a user's plan allows, for the other services: a lapsed or missing subscription is the free plan.
import type { Entitlements } from '@mailwright/contracts';
import type { BillingDeps } from '../deps';
import { entitlementsFor } from './plans';
import { readSubscription } from './read-subscription';

export async function readEntitlements(deps: Pick<BillingDeps, 'db' | 'now'>, userId: string): Promise<Entitlements> {
  return entitlementsFor(await readSubscription(deps, userId));
}
