// What accepting a send needs: the sender's account and template, entitlements, attachment downloads, large-body
// reading, the outbox.
import type { EntitlementsSource } from '@mailwright/kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountsClient } from '../adapters/accounts-client';
import type { TemplatesClient } from '../adapters/templates-client';
import type { MailDatabase } from '../db/client';
import type { EmailStore } from '../outbox/email-store';
import type { WebhookEvents } from '../webhooks/webhook-events';
import type { AttachmentDownloads } from './attachments/attachment-downloads';
import type { LargeBodyReads } from './large-body-reads';

export interface SendingSettings {
  allowPrivateTargets: boolean;
  attachmentFetchTimeoutMs: number;
}

export interface SendingDeps {
  db: MailDatabase;
  entitlements: EntitlementsSource;
  accounts: AccountsClient;
  templates: TemplatesClient;
  /** Bounds attachment URL downloads per process and per request. */
  attachmentDownloads: AttachmentDownloads;
  /** Reads HTML bodies: large ones on a worker thread, one at a time, tenants taking turns. */
  largeBodyReads: LargeBodyReads;
  /** Stores accepted emails (leaving out suppressed recipients) and adds their send jobs. */
  outbox: EmailStore;
  /** Turns the 'email.scheduled' event into webhook deliveries. */
  webhooks: WebhookEvents;
  settings: SendingSettings;
  log: FastifyBaseLogger;
}
