// The tracking job: a batch of open/click events, recorded under the per-email, per-link cap
// (db/queries/record-tracking-events.ts). Only the recorded ones become webhooks, so a replayed pixel or link
// costs neither event rows nor webhook deliveries past the cap. Events for unknown emails are dropped.

import { isUuid } from '@mailwright/kit';
import type { Job } from 'bullmq';
import type pg from 'pg';
import { recordTrackingEvents } from '../db/queries/record-tracking-events';
import type { TrackingEvent, TrackingJobData } from '../queues/tracking-queue';
import type { WebhookEvents } from '../webhooks/webhook-events';

function isEvent(value: unknown): value is TrackingEvent {
  const e = value as TrackingEvent;
  return (
    typeof e === 'object' &&
    e !== null &&
    (e.type === 'open' || e.type === 'click') &&
    typeof e.emailId === 'string' &&
    isUuid(e.emailId) &&
    (e.type === 'open' || (Number.isInteger(e.linkIndex) && (e.linkIndex as number) >= 0)) &&
    !Number.isNaN(Date.parse(e.at))
  );
}

/** Returns how many events were recorded. */
export function trackingProcessor(pool: pg.Pool, webhooks?: WebhookEvents) {
  return async (job: Job<TrackingJobData>): Promise<number> => {
    const events = Array.isArray(job.data?.events) ? job.data.events.filter(isEvent) : [];
    if (events.length === 0) return 0;
    const recorded = await recordTrackingEvents(pool, events);
    void webhooks?.emit(
      recorded.map((e) =>
        e.type === 'open'
          ? { emailId: e.emailId, type: 'email.opened' as const, extra: { at: e.at } }
          : { emailId: e.emailId, type: 'email.clicked' as const, extra: { at: e.at, linkIndex: e.linkIndex } },
      ),
    );
    return recorded.length;
  };
}
