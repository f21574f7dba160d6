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

/** One line of a plan card on /pricing; `included: false` is shown crossed out. */
export const PlanFeature = Type.Object({ text: Type.String(), included: Type.Boolean() });
export type PlanFeature = Static<typeof PlanFeature>;

/** A plan as GET /payments/plans lists it. `price` is in paise: the pricing screen divides it by 100. */
export const Plan = Type.Object({
  id: PlanId,
  name: Type.String(),
  price: Type.Integer({ description: 'paise per month' }),
  currency: Type.Literal('INR'),
  interval: Type.Literal('month'),
  emailLimit: Type.Integer({ description: '-1 means unlimited' }),
  accountLimit: Type.Integer({ description: '-1 means unlimited' }),
  templateLimit: Type.Integer({ description: '-1 means unlimited' }),
  apiAccess: Type.Boolean(),
  popular: Type.Boolean({ description: "shows the 'Most Popular' badge" }),
  features: Type.Array(PlanFeature),
});
export type Plan = Static<typeof Plan>;

export const PlansResponse = Type.Object({ data: Type.Array(Plan) });
export type PlansResponse = Static<typeof PlansResponse>;

export const CreateOrderBody = Type.Object(
  { plan: Type.String({ minLength: 1, maxLength: 32, description: 'free | pro | enterprise' }) },
  { additionalProperties: false },
);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

/** What the browser needs to open Razorpay checkout. */
export const CreateOrderResponse = Type.Object({
  orderId: Type.String(),
  amount: Type.Integer({ description: 'paise' }),
  currency: Type.Literal('INR'),
  keyId: Type.String(),
  /** Where the browser loads Razorpay's checkout script from (configurable so tests can serve a stand-in). */
  checkoutUrl: Type.String(),
});
export type CreateOrderResponse = Static<typeof CreateOrderResponse>;

/** The three fields Razorpay checkout hands to its success handler, plus the plan being bought. */
export const VerifyPaymentBody = Type.Object(
  {
    razorpay_order_id: Type.String({ minLength: 1, maxLength: 100 }),
    razorpay_payment_id: Type.String({ minLength: 1, maxLength: 100 }),
    razorpay_signature: Type.String({ minLength: 1, maxLength: 200 }),
    plan: Type.String({ minLength: 1, maxLength: 32 }),
  },
  { additionalProperties: false },
);
export type VerifyPaymentBody = Static<typeof VerifyPaymentBody>;

export const DowngradeBody = Type.Object(
  { planId: Type.String({ minLength: 1, maxLength: 32, description: 'free | pro' }) },
  { additionalProperties: false },
);
export type DowngradeBody = Static<typeof DowngradeBody>;

/**
 * Answer of verify, downgrade and cancel: the new subscription and the new monthly email limit
 * (billing does not count usage; keep `emailQuota.used` from the user you already have).
 */
export const SubscriptionChangeResponse = Type.Object({
  message: Type.String(),
  data: Type.Object({
    subscription: Type.Object({
      plan: PlanId,
      status: Type.String(),
      endDate: Type.Union([Type.String(), Type.Null()]),
    }),
    emailQuota: Type.Object({ limit: Type.Integer({ description: '-1 means unlimited' }) }),
  }),
});
export type SubscriptionChangeResponse = Static<typeof SubscriptionChangeResponse>;

export const PaymentStatus = Type.Union([Type.Literal('created'), Type.Literal('paid'), Type.Literal('failed')]);
export type PaymentStatus = Static<typeof PaymentStatus>;

/** One checkout attempt in GET /payments/history (newest first). */
export const PaymentRecord = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  plan: PlanId,
  amount: Type.Integer({ description: 'paise' }),
  currency: Type.String(),
  status: PaymentStatus,
  orderId: Type.String({ description: 'Razorpay order id' }),
  paymentId: Type.Union([Type.String(), Type.Null()], { description: 'Razorpay payment id once paid' }),
  createdAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
});
export type PaymentRecord = Static<typeof PaymentRecord>;

export const PaymentHistoryResponse = Type.Object({ data: Type.Array(PaymentRecord) });
export type PaymentHistoryResponse = Static<typeof PaymentHistoryResponse>;

export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful! Your subscription has been activated.';
export const ALREADY_FREE_MESSAGE = 'You are already on the free plan.';
export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Payments are not configured';
