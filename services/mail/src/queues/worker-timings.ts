// Lock and stall timings shared by every mail queue's worker: a killed worker's jobs resume within seconds
// instead of BullMQ's default ~60 s.
import type { WorkerOptions } from 'bullmq';

export const LOCK_DURATION_MS = 6_000;

/**
 * A dead worker's job is seen stalled within ~lockDuration + stalledInterval. Locks are renewed every 0.5–1 s
 * (BullMQ's timer runs every lockRenewTime / 2), not every 1.5–3 s as by default: a worker whose event loop falls
 * behind keeps its locks through a 5 s lag instead of 3 s, and a run knows its lock lasts ≥ 5 s (job-locks.ts).
 */
export const workerTimings: Pick<WorkerOptions, 'lockDuration' | 'lockRenewTime' | 'stalledInterval' | 'maxStalledCount'> = {
  lockDuration: LOCK_DURATION_MS,
  lockRenewTime: 1_000,
  stalledInterval: 3_000,
  maxStalledCount: 5,
};
