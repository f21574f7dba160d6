// The periodic job that returns lapsed paid subscriptions to free (reads also check on their own).
import type { FastifyInstance } from 'fastify';
import { expireLapsedSubscriptions } from './domain/expire-subscriptions';

export function installRenewalSweep(app: FastifyInstance, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireLapsedSubscriptions(app.billing);
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
