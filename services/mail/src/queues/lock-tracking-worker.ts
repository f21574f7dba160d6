// A BullMQ worker that reports every lock renewal's outcome to JobLocks (job-locks.ts), with the time the renewal
// was sent, so that a run knows how long its lock surely lasts. `extendJobLocks` is the worker's public method
// that its lock manager calls for every renewal; the manager logs each job it answers as failed ("could not renew
// lock"). A renewal that raced the run's own move of its job (a step-aside) failed as it should, and is not passed
// on: a backlog coming due at once logged 73 such errors in one second, none of them a lock lost.
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
    const reported: string[] = [];
    jobIds.forEach((jobId, index) => {
      const token = tokens[index] ?? '';
      if (!lostIds.has(jobId)) {
        if (token) renewed.push(token);
        return;
      }
      if (token) lost.push(token);
      if (!this.locks.isMovingOn(token)) reported.push(jobId);
    });
    this.locks.renewed(renewed, lost, sentAt, duration);
    return reported;
  }
}
