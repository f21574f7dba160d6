// Billing's environment: the shared service settings plus the Razorpay keys (all optional: without
// them paid checkout answers 503 and the rest of the platform keeps working).
import { baseServiceConfig, serviceUrls } from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';

export const ConfigSchema = Type.Object({
  ...baseServiceConfig,
  ...serviceUrls,
  BILLING_PORT: Type.Integer({ default: 4005, minimum: 0, maximum: 65535 }),
  RAZORPAY_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  RAZORPAY_KEY_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  RAZORPAY_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  /** Base of the Razorpay API (default https://api.razorpay.com); tests point it at a local server. */
  RAZORPAY_API_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Razorpay's checkout script, handed to the browser with each order. */
  RAZORPAY_CHECKOUT_URL: Type.String({ default: 'https://checkout.razorpay.com/v1/checkout.js', pattern: '^https?://' }),
  /** How often expired paid subscriptions are returned to free; 0 turns the sweep off. */
  BILLING_RENEWAL_SWEEP_MS: Type.Integer({ default: 60_000, minimum: 0 }),
});

export type Config = Static<typeof ConfigSchema>;
