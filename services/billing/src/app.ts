// Builds the billing service: plans, Razorpay checkout and webhooks, subscriptions, entitlements.
import { createServiceApp, pingDatabase } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import { createRazorpayProvider } from './adapters/razorpay-provider';
import type { Config } from './config';
import { createBillingDatabase } from './db/client';
import type { BillingDeps } from './deps';
import { expireLapsedSubscriptions } from './domain/expire-lapsed-subscriptions';
import { checkoutRoutes } from './routes/checkout';
import { internalRoutes } from './routes/internal';
import { planRoutes } from './routes/plans';
import { subscriptionRoutes } from './routes/subscription';
import { webhookRoutes } from './routes/webhook';

export interface AppOverrides {
  /** The clock every use-case reads; tests move it past end dates. */
  now?: () => Date;
}

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const db = createBillingDatabase(config.DATABASE_URL);
  const app = createServiceApp('billing', config, { readiness: { database: () => pingDatabase(db) } });
  const deps: BillingDeps = {
    db,
    now: overrides.now ?? (() => new Date()),
    payments: createRazorpayProvider(config),
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null,
    log: app.log,
  };
  app.addHook('onClose', async () => {
    await db.$client.end();
  });

  await app.register(planRoutes, { deps });
  await app.register(checkoutRoutes, { deps });
  await app.register(subscriptionRoutes, { deps });
  await app.register(webhookRoutes, { deps });
  await app.register(internalRoutes, { deps });
  scheduleRenewalSweep(app, deps, config.BILLING_RENEWAL_SWEEP_MS);
  return app;
}

/**
 * Returns lapsed paid subscriptions to free every `intervalMs` while the app runs (reads also check
 * on their own, so this only keeps stored plans honest for users nobody reads). 0 turns it off.
 */
function scheduleRenewalSweep(app: FastifyInstance, deps: BillingDeps, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireLapsedSubscriptions(deps);
      if (expired > 0) app.log.info({ expired }, 'returned lapsed subscriptions to free');
    } catch (error) {
      app.log.error({ err: error }, 'renewal sweep failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
