// What the email log (list, read, cancel, stats) needs.
import type { MailDatabase } from '../db/client';
import type { SendProducer } from '../outbox/send-producer';
import type { WebhookEvents } from '../webhooks/webhook-events';

export interface EmailLogDeps {
  db: MailDatabase;
  /** Drops a cancelled email's job. */
  producer: SendProducer;
  /** Turns the 'email.cancelled' event into webhook deliveries. */
  webhooks: WebhookEvents;
}
