// Builds the billing service: plans, Razorpay checkout and webhooks, subscriptions, entitlements.
import { createDatabase, createServiceApp } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import './context';
import * as tables from './db/tables';
import { createRazorpayProvider } from './razorpay-provider';
import { installRenewalSweep } from './renewal-sweep';
import { checkoutRoutes } from './routes/checkout';
import { entitlementRoutes } from './routes/entitlements';
import { planRoutes } from './routes/plans';
import { subscriptionRoutes } from './routes/subscription';
import { webhookRoutes } from './routes/webhook';

export interface BuildOverrides {
  /** The clock every use-case reads; tests move it past end dates. */
  now?: () => Date;
}

export async function buildApp(config: Config, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const db = createDatabase(config.DATABASE_URL, tables);
  const app = createServiceApp({
    name: 'billing',
    internalSecret: config.INTERNAL_SECRET,
    metricsToken: config.METRICS_TOKEN,
    logLevel: config.LOG_LEVEL,
    readiness: { database: () => db.$client.query('select 1') },
  });
  app.decorate('billing', {
    db,
    now: overrides.now ?? (() => new Date()),
    payments: createRazorpayProvider(config),
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await db.$client.end();
  });

  await app.register(planRoutes);
  await app.register(checkoutRoutes);
  await app.register(subscriptionRoutes);
  await app.register(webhookRoutes);
  await app.register(entitlementRoutes);
  installRenewalSweep(app, config.BILLING_RENEWAL_SWEEP_MS);
  return app;
}
