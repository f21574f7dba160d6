// What recording the mailbox's findings needs: the database and the webhook events they cause.
import type pg from 'pg';
import type { WebhookEvents } from '../webhooks/webhook-events';

export interface FeedbackDeps {
  pool: pg.Pool;
  webhooks: Pick<WebhookEvents, 'emit'>;
}
