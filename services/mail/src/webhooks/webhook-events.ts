// Turns email events into webhook deliveries: one statement per batch finds the user's enabled endpoints that
// subscribe to the event, stores a delivery per endpoint (the payload built from the email row), and each
// delivery becomes a queue job. Users without endpoints cost one indexed join that returns nothing.
import type { WebhookEventType } from '@mailwright/contracts';
import { MicroBatcher } from '@mailwright/kit';
import type { Queue } from 'bullmq';
import type pg from 'pg';
import { insertAccountWebhookDeliveries, insertWebhookDeliveries } from '../db/queries/webhook-deliveries';
import { type WebhookJobData, webhookJobId, webhookJobOptions } from '../queues/webhook-queue';

export interface EmailEvent {
  emailId: string;
  type: WebhookEventType;
  /** Extra fields merged into the payload's data (clicks carry linkIndex, turned into url). */
  extra?: Record<string, unknown>;
}

/** An event about a sender account (account.paused, account.resumed); its data is given whole. */
export interface AccountEvent {
  userId: string;
  type: Extract<WebhookEventType, `account.${string}`>;
  data: Record<string, unknown>;
}

export class WebhookEvents {
  private readonly batcher: MicroBatcher<EmailEvent, undefined>;

  constructor(
    private readonly pool: pg.Pool,
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
        const ids = await insertWebhookDeliveries(pool, events);
        if (ids.length > 0) await this.enqueue(ids);
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

  /** Records an account event for the user's endpoints that want it; never throws. Rare, so not batched. */
  async emitAccount(event: AccountEvent): Promise<void> {
    try {
      const ids = await insertAccountWebhookDeliveries(this.pool, event);
      if (ids.length > 0) await this.enqueue(ids);
    } catch (error) {
      this.onError(error);
    }
  }

  drain(): Promise<void> {
    return this.batcher.drain();
  }
}
