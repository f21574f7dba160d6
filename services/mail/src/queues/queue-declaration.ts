// How a queue is declared for the worker: its name and how its worker runs (concurrency, BullMQ settings).
// The processor is bound in the worker's composition root (worker-app.ts), which alone builds deps.
import type { WorkerOptions } from 'bullmq';
import type { Config } from '../config';

export interface QueueDeclaration {
  name: string;
  /** Jobs this process runs at once. */
  concurrency(config: Config): number;
  /** BullMQ worker settings beyond the shared timings (a custom backoff strategy). */
  settings?: WorkerOptions['settings'];
}
