// What billing's use cases are given, built once by the app: database, clock, payment provider, secrets.
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from './adapters/razorpay-provider';
import type { BillingDatabase } from './db/client';

export interface BillingDeps {
  db: BillingDatabase;
  /** Injectable so tests can move time past a subscription's end date. */
  now: () => Date;
  /** null when Razorpay keys are not configured. */
  payments: PaymentProvider | null;
  webhookSecret: string | null;
  log: FastifyBaseLogger;
}
