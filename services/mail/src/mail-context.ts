// Everything the mail routes and use-cases need, built once by buildApp and decorated onto the app.
import type { EntitlementsSource, SecretBox } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AccountsClient } from './clients/accounts-client';
import type { TemplatesClient } from './clients/templates-client';
import type { Config } from './config';
import type { MailDatabase } from './db/database';
import type { AttachmentDownloads } from './domain/attachments/attachment-downloads';
import type { EmailIntake } from './domain/email-intake';
import type { TrackingTokens } from './domain/tracking-token';
import type { DeliveryDeps } from './domain/webhooks/attempt-delivery';
import type { WebhookEvents } from './domain/webhooks/webhook-events';
import type { SendProducer } from './queues/send-producer';
import type { TrackingBuffer } from './queues/tracking-buffer';

export interface MailContext {
  config: Config;
  db: MailDatabase;
  pool: pg.Pool;
  accounts: AccountsClient;
  templates: TemplatesClient;
  entitlements: EntitlementsSource;
  sendProducer: SendProducer;
  /** Stores plain emails of concurrent requests together (see email-intake.ts). */
  intake: EmailIntake;
  trackingBuffer: TrackingBuffer;
  /** Bounds attachment URL downloads per process and per request. */
  attachmentDownloads: AttachmentDownloads;
  tokens: TrackingTokens;
  log: FastifyBaseLogger;
  /** Seals webhook signing secrets. */
  webhookSecrets: SecretBox;
  /** Turns email events (scheduled, cancelled) into webhook deliveries. */
  webhooks: WebhookEvents;
  /** What a test delivery needs to POST once. */
  webhookDelivery: DeliveryDeps;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailContext;
  }
}
