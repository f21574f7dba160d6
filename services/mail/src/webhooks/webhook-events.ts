// Turns email events into webhook deliveries: one statement per batch finds the user's enabled endpoints that
// subscribe to the event, stores a delivery per endpoint (the payload built from the email row), and each
// delivery becomes a queue job. Users without endpoints cost one indexed join that returns nothing.
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@mailwright/contracts';
import { MicroBatcher } from '@mailwright/kit';
import type { Queue } from 'bullmq';
import type pg from 'pg';
import { type WebhookJobData, webhookJobId, webhookJobOptions } from '../queues/webhook-queue';

export interface EmailEvent {
  emailId: string;
  type: WebhookEventType;
  /** Extra fields merged into the payload's data (clicks carry linkIndex, turned into url). */
  extra?: Record<string, unknown>;
}

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
    ) || (ev.extra - 'linkIndex')
      || CASE WHEN ev.extra ? 'linkIndex' THEN jsonb_build_object('url', e.links[(ev.extra->>'linkIndex')::int + 1]) ELSE '{}'::jsonb END
  )
FROM ev
JOIN mail.emails e ON e.id = ev.email_id
JOIN mail.webhook_endpoints w ON w.user_id = e.user_id AND w.enabled AND ev.event = ANY(w.events)
RETURNING id`;

export class WebhookEvents {
  private readonly batcher: MicroBatcher<EmailEvent, undefined>;

  constructor(
    pool: pg.Pool,
    private readonly queue: Queue<WebhookJobData>,
    private readonly onError: (error: unknown) => void = () => {},
    /**
     * How long an event waits for others to share its statement. The payload is read from the email row when
     * the statement runs, so only callers whose events describe a final state (sent, failed, opened, clicked:
     * the worker) should wait; the API's scheduled/cancelled events go out on the next tick.
     */
    lingerMs = 0,
  ) {
    this.batcher = new MicroBatcher(
      async (events) => {
        const { rows } = await pool.query<{ id: string }>({
          name: 'mail_store_webhook_deliveries',
          text: STORE,
          values: [
            events.map((e) => e.emailId),
            events.map((e) => e.type),
            events.map(() => randomUUID()),
            events.map((e) => JSON.stringify(e.extra ?? {})),
          ],
        });
        if (rows.length > 0) await this.enqueue(rows.map((row) => row.id));
        return events.map(() => undefined);
      },
      { maxBatch: 500, maxInFlight: 2, lingerMs },
    );
  }

  async enqueue(deliveryIds: string[]): Promise<void> {
    await this.queue.addBulk(
      deliveryIds.map((deliveryId) => ({
        name: 'deliver',
        data: { deliveryId },
        opts: { ...webhookJobOptions, jobId: webhookJobId(deliveryId) },
      })),
    );
  }

  /** Records the events; never throws (a webhook problem must not fail a send). */
  emit(events: EmailEvent[]): Promise<void> {
    return Promise.all(events.map((event) => this.batcher.push(event)))
      .then(() => undefined)
      .catch((error: unknown) => this.onError(error));
  }

  drain(): Promise<void> {
    return this.batcher.drain();
  }
}
