// Everything billing's use-cases need, built once per app: database, clock, payment provider, secrets.
import type { FastifyBaseLogger } from 'fastify';
import type { BillingDatabase } from './db/database';
import type { PaymentProvider } from './razorpay-provider';

export interface BillingContext {
  db: BillingDatabase;
  /** Injectable so tests can move time past a subscription's end date. */
  now: () => Date;
  /** null when Razorpay keys are not configured. */
  payments: PaymentProvider | null;
  webhookSecret: string | null;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingContext;
  }
}
