// Tracking hits answer at once; their events are gathered for a few milliseconds and enqueued as one job,
// so a burst of pixel loads costs one Redis write per batch instead of one per hit. A batch carries one
// event per email pixel or link: the worker records at most one per minute of each (the tracking cap), so
// a replayed hit adds nothing to a batch that already holds one.
import type { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { type TrackingEvent, type TrackingJobData, trackingJobOptions } from '../queues/tracking-queue';

export class TrackingBuffer {
  private events: TrackingEvent[] = [];
  /** `emailId linkIndex` of every event in `events`. */
  private readonly batched = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly queue: Queue<TrackingJobData>,
    private readonly log: FastifyBaseLogger,
    private readonly options = { maxEvents: 500, maxWaitMs: 25 },
  ) {}

  push(event: TrackingEvent): void {
    const key = `${event.emailId} ${event.linkIndex ?? 'open'}`;
    if (this.batched.has(key)) return;
    this.batched.add(key);
    this.events.push(event);
    if (this.events.length >= this.options.maxEvents) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.maxWaitMs);
    }
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const events = this.events;
    this.events = [];
    this.batched.clear();
    if (events.length === 0) return this.flushing;
    this.flushing = this.flushing
      .then(() => this.queue.add('events', { events }, trackingJobOptions))
      .then(
        () => undefined,
        (error: unknown) => this.log.warn({ err: error, lost: events.length }, 'tracking events not enqueued'),
      );
    return this.flushing;
  }
}
