// What managing webhook endpoints and sending a test event needs.
import type { SecretBox } from '@mailwright/kit';
import type { MailDatabase } from '../db/client';
import type { DeliveryDeps } from './attempt-delivery';

export interface WebhookDeps {
  db: MailDatabase;
  /** Seals webhook signing secrets (the same box the deliveries open them with). */
  secrets: SecretBox;
  allowPrivateTargets: boolean;
  /** What a test delivery needs to POST once. */
  delivery: DeliveryDeps;
}
