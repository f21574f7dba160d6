// The partition upkeep's pass, run by an operator now (`npm run admin -- partitions`), e.g. after changing
// MAIL_RETENTION_MONTHS or after the workers were down for months: the coming months of mail.emails and
// mail.email_events are created and months older than the retention dropped (emails with their children, archived
// first to `archiveDir` when given). It takes the workers' advisory lock, so it never runs
// beside a worker's pass; when a worker holds it, it waits for that pass to end.
import type pg from 'pg';
import { maintainEmailPartitions, type PartitionMaintenanceReport } from '../retention/email-partitions';

const LOCK_WAIT_MS = 250;

/** Runs one pass; answers its report, or null when workers kept the lock for `waitMs`. */
export async function maintainPartitionsNow(
  pool: pg.Pool,
  retentionMonths: number,
  waitMs = 30_000,
  archiveDir?: string,
): Promise<PartitionMaintenanceReport | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const report = await maintainEmailPartitions(pool, { retentionMonths, archiveDir });
    if (!report.skipped) return report;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
  }
}
