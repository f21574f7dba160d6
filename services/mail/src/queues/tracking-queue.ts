// The tracking queue: batches of open and click events the service buffered (tracking-buffer.ts).
import type { JobsOptions } from 'bullmq';
import type { TrackingEvent } from '../db/queries/record-tracking-events';
import type { QueueDeclaration } from './queue-declaration';

export const TRACKING_QUEUE = 'tracking';

export type { TrackingEvent } from '../db/queries/record-tracking-events';

export interface TrackingJobData {
  events: TrackingEvent[];
}

export const trackingJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: { count: 1_000 },
};

export const trackingQueue: QueueDeclaration = {
  name: TRACKING_QUEUE,
  // Each job is one statement for a batch of events; a few at once keep up with any pixel rate.
  concurrency: () => 4,
};
