// The upkeep of mail.emails' monthly partitions (drizzle/0008_partition_emails.sql; docs/capacity.md): this month's
// and the next `aheadMonths` partitions exist before rows need them, and months older than the retention are
// detached and dropped with their children's rows. Months are UTC; a partition is emails_YYYY_MM, and rows of a
// month without one land in emails_default (an insert never fails).
//
// Every step is idempotent, so a pass that failed half-way (a lock it waited too long for, a crash) is finished by
// the next one. One pass runs at a time across processes: a pass takes a session advisory lock and a second process
// finding it taken skips its pass (the first does the work). DDL waits at most `lockTimeoutMs` for its locks, so a
// long transaction elsewhere delays the upkeep to the next pass instead of queueing every query of the table
// behind it.
import type pg from 'pg';

export interface PartitionMaintenanceOptions {
  /** Months kept before the current one; 0 keeps every month. */
  retentionMonths: number;
  /** Months created ahead of the current one. */
  aheadMonths?: number;
  /** The clock (tests). */
  now?: Date;
  lockTimeoutMs?: number;
}

export interface PartitionMaintenanceReport {
  /** Another process held the maintenance lock: this pass did nothing. */
  skipped: boolean;
  /** Partitions created, e.g. 'emails_2026_12'. */
  created: string[];
  /** Rows moved out of emails_default into a partition created for their month. */
  moved: number;
  /** Partitions dropped (with their children's rows). */
  dropped: string[];
  /** Rows older than the retention deleted from emails_default. */
  expiredDefaultRows: number;
}

const LOCK_KEY = 'mail:email-partitions';
const PARTITION = /^emails_(\d{4})_(\d{2})$/;
const EXPIRED = /^emails_\d{4}_\d{2}_expired$/;
/** The tables whose rows belong to an email (their triggers stand in for foreign keys; see the migration). */
const CHILDREN = ['email_events', 'email_attachments', 'email_sources', 'tracking_counters'] as const;

/** The first instant of the UTC month `offset` months from the one holding `at`. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

export const partitionName = (month: Date) =>
  `emails_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

/** One pass: create ahead, then drop what the retention lets go. */
export async function maintainEmailPartitions(
  pool: pg.Pool,
  options: PartitionMaintenanceOptions,
): Promise<PartitionMaintenanceReport> {
  const now = options.now ?? new Date();
  const aheadMonths = options.aheadMonths ?? 2;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  const report: PartitionMaintenanceReport = { skipped: false, created: [], moved: 0, dropped: [], expiredDefaultRows: 0 };
  const client = await pool.connect();
  try {
    const { rows: lock } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      LOCK_KEY,
    ]);
    if (!lock[0]?.locked) return { ...report, skipped: true };
    try {
      const existing = new Set(await attachedPartitions(client));
      for (let offset = 0; offset <= aheadMonths; offset += 1) {
        const month = monthStart(now, offset);
        const name = partitionName(month);
        if (existing.has(name)) continue;
        report.moved += await createPartition(client, month, lockTimeoutMs);
        report.created.push(name);
      }
      if (options.retentionMonths > 0) {
        const keepFrom = monthStart(now, -options.retentionMonths);
        for (const name of existing) {
          const match = PARTITION.exec(name);
          if (!match) continue;
          const month = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
          if (monthStart(month, 1) <= keepFrom) {
            await detachExpired(client, name, lockTimeoutMs);
            report.dropped.push(name);
          }
        }
        // Detached by this pass, or by an earlier one that stopped before dropping them.
        await dropDetached(client);
        report.expiredDefaultRows = await deleteExpiredDefaultRows(client, keepFrom);
      }
      return report;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

async function attachedPartitions(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'mail.emails'::regclass ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

async function inTransaction<T>(client: pg.PoolClient, lockTimeoutMs: number, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * Creates the month's partition and answers how many rows it took over from emails_default. Postgres refuses to
 * create or attach a partition while the DEFAULT partition holds rows of its range, so the partition is built
 * beside the table, those rows are moved into it, and it is attached, all under one lock of the table (brief when
 * DEFAULT is empty, as it is unless upkeep stopped for months). Moving a row is no deletion of an email: the
 * cascade trigger leaves its children alone while mail.partition_moving is on.
 */
async function createPartition(client: pg.PoolClient, month: Date, lockTimeoutMs: number): Promise<number> {
  const name = partitionName(month);
  const from = month.toISOString();
  const to = monthStart(month, 1).toISOString();
  return inTransaction(client, lockTimeoutMs, async () => {
    await client.query(`SET LOCAL mail.partition_moving = 'on'`);
    await client.query('LOCK TABLE mail.emails IN ACCESS EXCLUSIVE MODE');
    const { rows } = await client.query<{ columns: string }>(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns FROM pg_attribute
       WHERE attrelid = 'mail.emails'::regclass AND attnum > 0 AND NOT attisdropped`,
    );
    const columns = rows[0]?.columns ?? '*';
    await client.query(`CREATE TABLE mail.${name} (LIKE mail.emails INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    // Lets ATTACH skip scanning the new partition for rows outside its range.
    await client.query(
      `ALTER TABLE mail.${name} ADD CONSTRAINT ${name}_range CHECK (created_at >= '${from}' AND created_at < '${to}')`,
    );
    const moved = await client.query(
      `WITH moved AS (
         DELETE FROM mail.emails_default WHERE created_at >= $1 AND created_at < $2 RETURNING ${columns}
       )
       INSERT INTO mail.${name} (${columns}) SELECT ${columns} FROM moved`,
      [from, to],
    );
    await client.query(`ALTER TABLE mail.emails ATTACH PARTITION mail.${name} FOR VALUES FROM ('${from}') TO ('${to}')`);
    await client.query(`ALTER TABLE mail.${name} DROP CONSTRAINT ${name}_range`);
    return moved.rowCount ?? 0;
  });
}

/**
 * Takes the month out of mail.emails (a short lock of the table) and renames it, so its rows are no longer any
 * query's and a pass that stops here is finished by dropDetached next time.
 */
async function detachExpired(client: pg.PoolClient, name: string, lockTimeoutMs: number): Promise<void> {
  await inTransaction(client, lockTimeoutMs, async () => {
    await client.query(`ALTER TABLE mail.emails DETACH PARTITION mail.${name}`);
    await client.query(`ALTER TABLE mail.${name} RENAME TO ${name}_expired`);
  });
}

/**
 * Deletes the children of each detached month's emails, then drops it. Its emails are out of mail.emails already, so
 * no new child row can name them (the children's check trigger finds no email).
 */
async function dropDetached(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'mail' AND c.relkind = 'r' AND c.relname LIKE 'emails\\_%\\_expired' AND NOT c.relispartition`,
  );
  for (const { name } of rows) {
    if (!EXPIRED.test(name)) continue;
    await inTransaction(client, 60_000, async () => {
      for (const child of CHILDREN) {
        await client.query(`DELETE FROM mail.${child} c USING mail.${name} e WHERE c.email_id = e.id`);
      }
      await client.query(`DROP TABLE mail.${name}`);
    });
  }
}

/** Rows of months without a partition that are older than the retention (their children go by the trigger). */
async function deleteExpiredDefaultRows(client: pg.PoolClient, keepFrom: Date): Promise<number> {
  const result = await client.query('DELETE FROM mail.emails_default WHERE created_at < $1', [keepFrom.toISOString()]);
  return result.rowCount ?? 0;
}
