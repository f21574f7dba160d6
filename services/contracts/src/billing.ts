// Billing: plans, orders, subscriptions and the entitlements other services enforce.
import { type Static, Type } from '@sinclair/typebox';
import { PlanId } from './auth';

/** What a user's current plan allows; -1 means unlimited. Served by billing at GET /internal/entitlements/:userId. */
export const Entitlements = Type.Object({
  plan: PlanId,
  status: Type.String(),
  endDate: Type.Union([Type.String(), Type.Null()]),
  emailLimit: Type.Integer(),
  accountLimit: Type.Integer(),
  templateLimit: Type.Integer(),
  apiAccess: Type.Boolean(),
});
export type Entitlements = Static<typeof Entitlements>;

/** The free plan's figures (spec section 1): used by billing for users without a paid subscription. */
export const FREE_ENTITLEMENTS: Entitlements = {
  plan: 'free',
  status: 'active',
  endDate: null,
  emailLimit: 100,
  accountLimit: 1,
  templateLimit: 5,
  apiAccess: false,
};
