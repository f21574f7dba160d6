// The upkeep's schedule in the worker: a pass at start and then every interval (the passes themselves, and why
// they are safe to repeat and to run from several processes at once, are in email-partitions.ts), with
// MAIL_ARCHIVE_DIR as options.archiveDir.

import type { RetentionDeps } from './deps';
import { maintainEmailPartitions, type PartitionMaintenanceOptions, type PartitionMaintenanceReport } from './email-partitions';

export interface PartitionMaintenance {
  /** Runs a pass now (after the one running, if any) and answers its report. */
  runNow(): Promise<PartitionMaintenanceReport>;
  stop(): Promise<void>;
}

/** A pass at start and then every `intervalMs`; failures are logged and left to the next pass. */
export function startPartitionMaintenance(
  { pool, log }: RetentionDeps,
  options: PartitionMaintenanceOptions & { intervalMs: number },
): PartitionMaintenance {
  let running: Promise<PartitionMaintenanceReport | null> = Promise.resolve(null);
  const run = () => {
    running = running
      .catch(() => null)
      .then(() => maintainEmailPartitions(pool, options))
      .then((report) => {
        if (report.created.length || report.dropped.length || report.moved || report.expiredDefaultRows) {
          log.info({ ...report }, 'email partitions maintained');
        }
        // Kept detached, never dropped unarchived: the next pass retries.
        for (const failure of report.archiveFailures) {
          log.warn({ ...failure, archiveDir: options.archiveDir }, 'expired email month not archived; kept for the next pass');
        }
        return report;
      });
    running.catch((error: unknown) => log.warn({ err: error }, 'email partition maintenance failed'));
    return running as Promise<PartitionMaintenanceReport>;
  };
  void run().catch(() => {});
  const timer = setInterval(() => void run().catch(() => {}), options.intervalMs);
  timer.unref();
  return {
    runNow: run,
    async stop() {
      clearInterval(timer);
      await running.catch(() => null);
    },
  };
}
