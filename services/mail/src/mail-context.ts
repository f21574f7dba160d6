// Everything the mail routes and use-cases need, built once by buildApp and decorated onto the app.
import type { EntitlementsSource, SecretBox } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { AccountsClient } from './adapters/accounts-client';
import type { TemplatesClient } from './adapters/templates-client';
import type { Config } from './config';
import type { MailDatabase } from './db/client';
import type { EmailIntake } from './outbox/email-intake';
import type { SendProducer } from './outbox/send-producer';
import type { AttachmentDownloads } from './sending/attachments/attachment-downloads';
import type { TrackingBuffer } from './tracking/tracking-buffer';
import type { TrackingTokens } from './tracking/tracking-token';
import type { DeliveryDeps } from './webhooks/attempt-delivery';
import type { WebhookEvents } from './webhooks/webhook-events';

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
