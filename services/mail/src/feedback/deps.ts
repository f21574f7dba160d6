// What recording the mailbox's findings needs: the database and the webhook events they cause.
import type pg from 'pg';
import type { TrackingTokens } from '../tracking/tracking-token';
import type { WebhookEvents } from '../webhooks/webhook-events';

export interface FeedbackDeps {
  pool: pg.Pool;
  webhooks: Pick<WebhookEvents, 'emit'>;
  /** Verifies the tokens of unsubscribe requests mailed back to the sender. */
  tokens: TrackingTokens;
}
