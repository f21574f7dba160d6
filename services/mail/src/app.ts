// Builds the mail service: send, email log, analytics, tracking and quota routes on the shared service plumbing.
import { BillingEntitlements, createDatabase, createServiceApp, type EntitlementsSource, InternalClient } from '@mailwright/kit';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { AccountsClient } from './clients/accounts-client';
import { TemplatesClient } from './clients/templates-client';
import type { Config } from './config';
import type { MailDatabase } from './db/database';
import * as tables from './db/tables';
import { TrackingTokens } from './domain/tracking-token';

import type { MailContext } from './mail-context';
import { SEND_QUEUE, type SendJobData, TRACKING_QUEUE, type TrackingJobData } from './queues/queue-config';
import { producerConnection } from './queues/redis-connection';
import { SendProducer } from './queues/send-producer';
import { TrackingBuffer } from './queues/tracking-buffer';
import { emailRoutes } from './routes/emails';
import { internalQuotaRoutes } from './routes/internal-quota';
import { sendRoutes } from './routes/send';
import { trackingRoutes } from './routes/tracking';

export interface BuildOverrides {
  entitlements?: EntitlementsSource;
}

export async function buildApp(config: Config, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const db = createDatabase(config.DATABASE_URL, tables, { max: 20 }) as MailDatabase;
  const redis = producerConnection(config.REDIS_URL);
  redis.on('error', () => {}); // reconnects by itself; sends keep being accepted (outbox)
  const sendQueue = new Queue<SendJobData>(SEND_QUEUE, { connection: redis, prefix: config.QUEUE_PREFIX });
  const trackingQueue = new Queue<TrackingJobData>(TRACKING_QUEUE, { connection: redis, prefix: config.QUEUE_PREFIX });
  sendQueue.on('error', () => {});
  trackingQueue.on('error', () => {});

  const app = createServiceApp({
    name: 'mail',
    internalSecret: config.INTERNAL_SECRET,
    logLevel: config.LOG_LEVEL,
    readiness: {
      postgres: () => db.$client.query('select 1'),
      redis: () => redis.ping(),
    },
  });

  const internal = new InternalClient(config.INTERNAL_SECRET, 'mail');
  const context: MailContext = {
    config,
    db,
    pool: db.$client,
    accounts: new AccountsClient(internal, config.ACCOUNTS_URL),
    templates: new TemplatesClient(internal, config.TEMPLATES_URL),
    entitlements: overrides.entitlements ?? new BillingEntitlements(internal, config.BILLING_URL),
    sendProducer: new SendProducer(sendQueue, app.log),
    trackingBuffer: new TrackingBuffer(trackingQueue, app.log),
    tokens: TrackingTokens.fromConfig(config),
    log: app.log,
  };
  app.decorate('mail', context);

  sendRoutes(app);
  emailRoutes(app);
  trackingRoutes(app);
  internalQuotaRoutes(app);

  app.addHook('onClose', async () => {
    await context.trackingBuffer.flush();
    await Promise.allSettled([sendQueue.close(), trackingQueue.close()]);
    await redis.quit().catch(() => redis.disconnect());
    await db.$client.end();
  });
  return app;
}
