// Send jobs of the batch route's emails, stored in one transaction: they share one per scheduled time (immediate
// ones count as one time), added before the answer. Single sends get theirs from the intake's windows
// (job-windows.ts).
import { currentTraceparent } from '@mailwright/kit';
import type { NewEmail } from '../db/queries/insert-email';
import type { EmailRow } from '../db/schema/emails';
import { batchJobId } from '../queues/send-queue';
import type { SendProducer } from './send-producer';

/** Copies of the emails, each carrying the batch job id of its due time. */
export function assignBatchJobs(emails: NewEmail[]): NewEmail[] {
  const jobIds = new Map<number, string>();
  return emails.map((email) => {
    const dueAt = email.scheduledAt?.getTime() ?? 0;
    let jobId = jobIds.get(dueAt);
    if (!jobId) {
      jobId = batchJobId();
      jobIds.set(dueAt, jobId);
    }
    return { ...email, jobId };
  });
}

/** One queue add per job id among the stored rows (called in the accepting request: its trace goes with them). */
export async function enqueueBatchJobs(
  producer: SendProducer,
  stored: Array<{ row: EmailRow; requestId: string | null }>,
): Promise<void> {
  const traceparent = currentTraceparent();
  const jobs = new Map<string, { rows: EmailRow[]; requestIds: (string | null)[] }>();
  for (const { row, requestId } of stored) {
    if (!row.jobId) continue;
    const job = jobs.get(row.jobId) ?? { rows: [], requestIds: [] };
    job.rows.push(row);
    job.requestIds.push(requestId);
    jobs.set(row.jobId, job);
  }
  await Promise.all(
    [...jobs].map(([jobId, job]) =>
      producer.enqueueBatch(
        jobId,
        job.rows,
        job.requestIds,
        job.rows.map(() => traceparent),
      ),
    ),
  );
}
