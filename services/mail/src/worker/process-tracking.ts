// The tracking job: a batch of open/click events. Every event is stored; the email keeps the first open
// and first click. Events for unknown emails are dropped by the join. One statement, so a retry after a
// failure cannot half-apply a batch.
import type { Job } from 'bullmq';
import type pg from 'pg';
import { isUuid } from '../domain/get-email';
import type { WebhookEvents } from '../domain/webhooks/webhook-events';
import type { TrackingEvent, TrackingJobData } from '../queues/queue-config';

const RECORD_EVENTS = `
WITH v AS (
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[])
    AS v(email_id, type, link_index, ip, user_agent, at)
), inserted AS (
  INSERT INTO mail.email_events (email_id, user_id, type, link_index, url, ip, user_agent, occurred_at)
  SELECT e.id, e.user_id, v.type, v.link_index, CASE WHEN v.type = 'click' THEN e.links[v.link_index + 1] END, v.ip, v.user_agent, v.at
  FROM v JOIN mail.emails e ON e.id = v.email_id
  RETURNING 1
), firsts AS (
  SELECT email_id, min(at) FILTER (WHERE type = 'open') AS open_at, min(at) FILTER (WHERE type = 'click') AS click_at
  FROM v GROUP BY email_id
), flagged AS (
  UPDATE mail.emails e SET
    opened = e.opened OR f.open_at IS NOT NULL,
    opened_at = CASE WHEN e.opened THEN e.opened_at ELSE f.open_at END,
    clicked = e.clicked OR f.click_at IS NOT NULL,
    clicked_at = CASE WHEN e.clicked THEN e.clicked_at ELSE f.click_at END
  FROM firsts f
  WHERE e.id = f.email_id AND ((NOT e.opened AND f.open_at IS NOT NULL) OR (NOT e.clicked AND f.click_at IS NOT NULL))
  RETURNING 1
)
SELECT (SELECT count(*) FROM inserted)::int AS inserted, (SELECT count(*) FROM flagged)::int AS flagged`;

function isEvent(value: unknown): value is TrackingEvent {
  const e = value as TrackingEvent;
  return (
    typeof e === 'object' &&
    e !== null &&
    (e.type === 'open' || e.type === 'click') &&
    typeof e.emailId === 'string' &&
    isUuid(e.emailId) &&
    (e.linkIndex === null || Number.isInteger(e.linkIndex)) &&
    !Number.isNaN(Date.parse(e.at))
  );
}

export function trackingProcessor(pool: pg.Pool, webhooks?: WebhookEvents) {
  return async (job: Job<TrackingJobData>): Promise<number> => {
    const events = Array.isArray(job.data?.events) ? job.data.events.filter(isEvent) : [];
    if (events.length === 0) return 0;
    const { rows } = await pool.query<{ inserted: number }>({
      name: 'mail_record_tracking_events',
      text: RECORD_EVENTS,
      values: [
        events.map((e) => e.emailId),
        events.map((e) => e.type),
        events.map((e) => (e.type === 'click' ? e.linkIndex : null)),
        events.map((e) => e.ip),
        events.map((e) => e.userAgent),
        events.map((e) => e.at),
      ],
    });
    void webhooks?.emit(
      events.map((e) =>
        e.type === 'open'
          ? { emailId: e.emailId, type: 'email.opened' as const, extra: { at: e.at } }
          : { emailId: e.emailId, type: 'email.clicked' as const, extra: { at: e.at, linkIndex: e.linkIndex } },
      ),
    );
    return rows[0]?.inserted ?? 0;
  };
}
