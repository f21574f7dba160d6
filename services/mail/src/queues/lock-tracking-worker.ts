// A BullMQ worker that reports every lock renewal's outcome to JobLocks (job-locks.ts), with the time the renewal
// was sent, so that a run knows how long its lock surely lasts. `extendJobLocks` is the worker's public method
// that its lock manager calls for every renewal.
import { type Processor, Worker, type WorkerOptions } from 'bullmq';
import type { JobLocks } from './job-locks';

export class LockTrackingWorker<Data> extends Worker<Data> {
  constructor(
    name: string,
    processor: Processor<Data>,
    options: WorkerOptions,
    private readonly locks: JobLocks,
  ) {
    super(name, processor, options);
  }

  override async extendJobLocks(jobIds: string[], tokens: string[], duration: number): Promise<string[]> {
    const sentAt = Date.now();
    const failed = await super.extendJobLocks(jobIds, tokens, duration);
    const lostIds = new Set(failed);
    const renewed: string[] = [];
    const lost: string[] = [];
    jobIds.forEach((jobId, index) => {
      const token = tokens[index];
      if (token) (lostIds.has(jobId) ? lost : renewed).push(token);
    });
    this.locks.renewed(renewed, lost, sentAt, duration);
    return failed;
  }
}
