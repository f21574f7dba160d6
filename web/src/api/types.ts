// The API's shapes, all from @mailwright/contracts: the services answer with these schemas, so the web app
// never types them again. Types only: no TypeBox code reaches the bundle from here.
import type { EmailListResponse, EmailStats, SubscriptionChangeResponse, Suppression } from '@mailwright/contracts';

export type * from '@mailwright/contracts';

/** How most routes wrap their answer: `{ data: T }` (the contracts' `Envelope(schema)`). */
export interface Envelope<T> {
  data: T;
}

/** One day of GET /emails/analytics/stats' series (UTC, oldest first). */
export type EmailStatsPoint = EmailStats['series'][number];

/** Answer of verify, downgrade and cancel: the new subscription and the new monthly limit (no usage count). */
export type SubscriptionChange = SubscriptionChangeResponse['data'];

/** Answer of GET /suppressions: one page of the list, paged like the email log. */
export interface SuppressionListResponse {
  data: Suppression[];
  pagination: EmailListResponse['pagination'];
}
