// The upkeep of the monthly partitions of mail.emails and mail.email_events (drizzle/0008, 0009; docs/capacity.md):
// this month's and the next `aheadMonths` partitions of both exist before rows need them, and months older than the
// retention are detached (renamed <table>_YYYY_MM_expired) and dropped: a month of emails with its children's rows
// (archived first when `archiveDir` is set), a month of events as it is. Months are UTC (partition-months.ts).
//
// Every step is idempotent, so a pass that failed half-way (a lock it waited too long for, a crash, an archive that
// could not be written) is finished by the next one. One pass runs at a time across processes: a pass takes a
// session advisory lock and a second process finding it taken skips its pass (the first does the work). DDL waits
// at most `lockTimeoutMs` for its locks, so a long transaction elsewhere delays the upkeep to the next pass instead
// of queueing every query of the table behind it.
import type pg from 'pg';
import {
  attachedPartitions,
  createPartition,
  detachExpired,
  detachedPartitions,
  dropExpiredEmails,
  dropTable,
  expireDefaultRows,
  releaseMaintenanceLock,
  takeMaintenanceLock,
} from '../db/queries/partition-ddl';
import { EMAIL_EVENTS, EMAILS, monthOf, monthStart, partitionName } from '../db/queries/partition-months';
import { archiveExpiredMonth } from './archive-expired-month';

export { monthStart, partitionName } from '../db/queries/partition-months';

export interface PartitionMaintenanceOptions {
  /** Months kept before the current one; 0 keeps every month. */
  retentionMonths: number;
  /** Months created ahead of the current one. */
  aheadMonths?: number;
  /** The clock (tests). */
  now?: Date;
  lockTimeoutMs?: number;
  /** When set, an expired month of emails is written here (with its emails' events) before it is dropped. */
  archiveDir?: string;
}

export interface PartitionMaintenanceReport {
  /** Another process held the maintenance lock: this pass did nothing. */
  skipped: boolean;
  /** Partitions created, e.g. 'emails_2026_12', 'email_events_2026_12'. */
  created: string[];
  /** Rows moved out of a default partition into a partition created for their month. */
  moved: number;
  /** Months dropped, e.g. 'emails_2025_01' (with its children's rows), 'email_events_2025_01'. */
  dropped: string[];
  /** Rows older than the retention taken out of a default partition (and dropped or kept as their month is). */
  expiredDefaultRows: number;
  /** Archive files written. */
  archived: string[];
  /** Expired months of emails kept detached because their archive failed (the next pass retries). */
  archiveFailures: Array<{ partition: string; error: string }>;
}

/** The tables whose rows belong to an email (their triggers stand in for foreign keys; see drizzle/0008). */
const CHILDREN = ['email_events', 'email_attachments', 'email_sources', 'tracking_counters'] as const;
const DROP_LOCK_TIMEOUT_MS = 60_000;

/** One pass: create ahead, then drop what the retention lets go. */
export async function maintainEmailPartitions(
  pool: pg.Pool,
  options: PartitionMaintenanceOptions,
): Promise<PartitionMaintenanceReport> {
  const report: PartitionMaintenanceReport = {
    skipped: false,
    created: [],
    moved: 0,
    dropped: [],
    expiredDefaultRows: 0,
    archived: [],
    archiveFailures: [],
  };
  const client = await pool.connect();
  try {
    if (!(await takeMaintenanceLock(client))) return { ...report, skipped: true };
    try {
      await maintain(client, options, report);
      return report;
    } finally {
      await releaseMaintenanceLock(client);
    }
  } finally {
    client.release();
  }
}

async function maintain(
  client: pg.PoolClient,
  options: PartitionMaintenanceOptions,
  report: PartitionMaintenanceReport,
): Promise<void> {
  const now = options.now ?? new Date();
  const aheadMonths = options.aheadMonths ?? 2;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  const tables = [EMAILS, EMAIL_EVENTS];
  for (const table of tables) {
    const existing = new Set(await attachedPartitions(client, table));
    for (let offset = 0; offset <= aheadMonths; offset += 1) {
      const month = monthStart(now, offset);
      if (existing.has(partitionName(month, table))) continue;
      report.moved += await createPartition(client, table, month, lockTimeoutMs);
      report.created.push(partitionName(month, table));
    }
  }
  if (options.retentionMonths <= 0) return;

  const keepFrom = monthStart(now, -options.retentionMonths);
  for (const table of tables) {
    for (const name of await attachedPartitions(client, table)) {
      const month = monthOf(table, name);
      if (month && monthStart(month, 1) <= keepFrom) await detachExpired(client, table, month, lockTimeoutMs);
    }
    report.expiredDefaultRows += await expireDefaultRows(client, table, keepFrom, lockTimeoutMs);
  }

  // Months of emails first: the events of their emails may sit in a detached month of events, which must outlive
  // the archive. Detached by this pass or by an earlier one that stopped before dropping them.
  const eventMonths = await detachedPartitions(client, EMAIL_EVENTS);
  for (const expired of await detachedPartitions(client, EMAILS)) {
    if (options.archiveDir !== undefined) {
      try {
        report.archived.push(...(await archiveExpiredMonth(client, expired, eventMonths, options.archiveDir)));
      } catch (error) {
        report.archiveFailures.push({ partition: expired, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
    }
    await dropExpiredEmails(client, expired, CHILDREN, DROP_LOCK_TIMEOUT_MS);
    report.dropped.push(expired.replace(/_expired$/, ''));
  }
  // A month of emails kept for a retried archive may have events in any expired month of events: keep them all.
  if (report.archiveFailures.length > 0) return;
  for (const expired of eventMonths) {
    await dropTable(client, expired, DROP_LOCK_TIMEOUT_MS);
    report.dropped.push(expired.replace(/_expired$/, ''));
  }
}
