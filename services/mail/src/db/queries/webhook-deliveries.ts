// One statement for a batch of email events: a delivery row for every enabled endpoint that wants the event,
// its payload read from the email row as the statement runs (the email's tags, when it has any, as data.tags).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createdRange, createdWithin } from '../email-ids';

const STORE = `
WITH ev AS (
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::jsonb[]) AS ev(email_id, event, event_id, extra)
)
INSERT INTO mail.webhook_deliveries (endpoint_id, user_id, event_id, event, email_id, payload)
SELECT w.id, e.user_id, ev.event_id, ev.event, e.id,
  jsonb_build_object(
    'id', ev.event_id,
    'type', ev.event,
    'createdAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', jsonb_build_object(
      'emailId', e.id, 'status', e.status, 'from', e.from_email, 'to', to_jsonb(e."to"), 'subject', e.subject,
      'messageId', e.message_id, 'scheduledAt', e.scheduled_at, 'error', e.error
    ) || CASE WHEN jsonb_array_length(e.tags) > 0 THEN jsonb_build_object('tags', e.tags) ELSE '{}'::jsonb END
      || (ev.extra - 'linkIndex')
      || CASE WHEN ev.extra ? 'linkIndex' THEN jsonb_build_object('url', e.links[(ev.extra->>'linkIndex')::int + 1]) ELSE '{}'::jsonb END
  )
FROM ev
JOIN mail.emails e ON e.id = ev.email_id AND ${createdWithin('e.created_at', '$5', '$6')}
JOIN mail.webhook_endpoints w ON w.user_id = e.user_id AND w.enabled AND ev.event = ANY(w.events)
RETURNING id`;

export interface StoredEvent {
  emailId: string;
  type: string;
  /** Extra fields merged into the payload's data (a click's linkIndex becomes its url). */
  extra?: Record<string, unknown>;
}

/** The ids of the delivery rows written. */
export async function insertWebhookDeliveries(pool: pg.Pool, events: readonly StoredEvent[]): Promise<string[]> {
  const ids = events.map((e) => e.emailId);
  const { rows } = await pool.query<{ id: string }>({
    name: 'mail_store_webhook_deliveries',
    text: STORE,
    values: [
      ids,
      events.map((e) => e.type),
      events.map(() => randomUUID()),
      events.map((e) => JSON.stringify(e.extra ?? {})),
      ...createdRange(ids),
    ],
  });
  return rows.map((row) => row.id);
}

// Events about a sender account (account.paused / account.resumed): the payload is the caller's, no email row.
const STORE_ACCOUNT = `
INSERT INTO mail.webhook_deliveries (endpoint_id, user_id, event_id, event, email_id, payload)
SELECT w.id, w.user_id, $3::uuid, $2::text, NULL,
  jsonb_build_object(
    'id', $3::uuid,
    'type', $2::text,
    'createdAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', $4::jsonb
  )
FROM mail.webhook_endpoints w
WHERE w.user_id = $1::uuid AND w.enabled AND $2::text = ANY(w.events)
RETURNING id`;

export interface StoredAccountEvent {
  userId: string;
  type: string;
  data: Record<string, unknown>;
}

/** The ids of the delivery rows written (one per endpoint of the user that wants the event). */
export async function insertAccountWebhookDeliveries(pool: pg.Pool, event: StoredAccountEvent): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(STORE_ACCOUNT, [
    event.userId,
    event.type,
    randomUUID(),
    JSON.stringify(event.data),
  ]);
  return rows.map((row) => row.id);
}
