// Stores a batch of open and click hits under the per-email, per-link cap (schema/tracking-counters.ts): a
// hit is recorded (an event row, the email's first open/click flags, and a webhook by the caller) only when
// its counter is new, or is under TRACKING_CAP.maxPerTarget and its last recorded hit is at least
// TRACKING_CAP.intervalSeconds old. One statement: the counter upsert locks each counter row, so workers
// in any number of processes agree, and a retried batch cannot half-apply.
import type pg from 'pg';
import { createdRange, createdWithin } from '../email-ids';
import { OPEN_COUNTER_INDEX } from '../schema/tracking-counters';

/** One open or click hit, as the tracking job carries it. */
export interface TrackingEvent {
  type: 'open' | 'click';
  emailId: string;
  linkIndex: number | null;
  at: string;
  ip: string | null;
  userAgent: string | null;
}

export const TRACKING_CAP = {
  /** Opens of one email, or clicks of one of its links, ever recorded. */
  maxPerTarget: 100,
  /** At most one recorded hit (so one webhook) per email's pixel, or per link, in this many seconds. */
  intervalSeconds: 60,
} as const;

// Postgres runs every data-modifying CTE to completion whether or not the final SELECT reads it.
// DISTINCT ON keeps a batch's earliest hit per counter (a counter may change once per statement); the
// ORDER BY on the upsert takes counter row locks in one order in every process, so batches never deadlock on
// counters (a rare deadlock on the emails' first open/click flags fails the statement whole; the job retries).
// Every read of mail.emails names its partition by the ids' time (db/email-ids.ts).
const BOUNDED = createdWithin('e.created_at', '$9', '$10');

const RECORD_HITS = `
WITH v AS (
  SELECT DISTINCT ON (email_id, counter) *
  FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[])
    AS v(email_id, type, counter, ip, user_agent, at)
  ORDER BY email_id, counter, at
), counted AS (
  INSERT INTO mail.tracking_counters AS c (email_id, link_index, recorded, last_recorded_at)
  SELECT v.email_id, v.counter, 1, now() FROM v JOIN mail.emails e ON e.id = v.email_id AND ${BOUNDED}
  ORDER BY v.email_id, v.counter
  ON CONFLICT (email_id, link_index) DO UPDATE SET recorded = c.recorded + 1, last_recorded_at = now()
    WHERE c.recorded < $7 AND c.last_recorded_at <= now() - make_interval(secs => $8)
  RETURNING c.email_id, c.link_index AS counter
), recorded AS (
  SELECT v.* FROM v JOIN counted USING (email_id, counter)
), inserted AS (
  INSERT INTO mail.email_events (email_id, user_id, type, link_index, url, ip, user_agent, occurred_at)
  SELECT e.id, e.user_id, r.type, CASE WHEN r.type = 'click' THEN r.counter END,
    CASE WHEN r.type = 'click' THEN e.links[r.counter + 1] END, r.ip, r.user_agent, r.at
  FROM recorded r JOIN mail.emails e ON e.id = r.email_id AND ${BOUNDED}
), firsts AS (
  SELECT email_id, min(at) FILTER (WHERE type = 'open') AS open_at, min(at) FILTER (WHERE type = 'click') AS click_at
  FROM recorded GROUP BY email_id
), flagged AS (
  UPDATE mail.emails e SET
    opened = e.opened OR f.open_at IS NOT NULL,
    opened_at = CASE WHEN e.opened THEN e.opened_at ELSE f.open_at END,
    clicked = e.clicked OR f.click_at IS NOT NULL,
    clicked_at = CASE WHEN e.clicked THEN e.clicked_at ELSE f.click_at END
  FROM firsts f
  WHERE e.id = f.email_id AND ${BOUNDED} AND ((NOT e.opened AND f.open_at IS NOT NULL) OR (NOT e.clicked AND f.click_at IS NOT NULL))
)
SELECT r.email_id AS "emailId", r.type, CASE WHEN r.type = 'click' THEN r.counter END AS "linkIndex",
  to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
FROM recorded r`;

export type RecordedEvent = Pick<TrackingEvent, 'type' | 'emailId' | 'linkIndex' | 'at'>;

/** Records the hits the cap lets through and returns them (hits of unknown emails are dropped). */
export async function recordTrackingEvents(pool: pg.Pool, hits: TrackingEvent[]): Promise<RecordedEvent[]> {
  const ids = hits.map((h) => h.emailId);
  const { rows } = await pool.query<RecordedEvent>({
    name: 'mail_record_tracking_hits',
    text: RECORD_HITS,
    values: [
      ids,
      hits.map((h) => h.type),
      hits.map((h) => (h.type === 'click' ? h.linkIndex : OPEN_COUNTER_INDEX)),
      hits.map((h) => h.ip),
      hits.map((h) => h.userAgent),
      hits.map((h) => h.at),
      TRACKING_CAP.maxPerTarget,
      TRACKING_CAP.intervalSeconds,
      ...createdRange(ids),
    ],
  });
  return rows;
}
