// Lock and stall timings shared by every mail queue's worker: a killed worker's jobs resume within seconds
// instead of BullMQ's default ~60 s.
import type { WorkerOptions } from 'bullmq';

/** A lock renewed every lockDuration/2; a dead worker's job is seen stalled within ~lockDuration + stalledInterval. */
export const workerTimings: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'> = {
  lockDuration: 6_000,
  stalledInterval: 3_000,
  maxStalledCount: 5,
};
