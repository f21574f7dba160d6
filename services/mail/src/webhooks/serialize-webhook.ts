// Rows → the API's webhook shapes (ISO times, never the secret).
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@mailwright/contracts';
import type { WebhookDeliveryRow } from '../db/schema/webhook-deliveries';
import type { WebhookEndpointRow } from '../db/schema/webhook-endpoints';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function serializeEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    _id: row.id,
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  };
}

export function serializeDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    event: row.event as WebhookDelivery['event'],
    emailId: row.emailId,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    createdAt: iso(row.createdAt) as string,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    attemptLog: row.attemptLog,
  };
}
