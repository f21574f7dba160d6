// The statements of the partition upkeep (retention/email-partitions.ts), the same for mail.emails and mail.email_events.
// Table and partition names come from partition-months.ts, never from input, so they are written into the DDL.
import type pg from 'pg';
import { expiredName, monthOf, monthStart, type PartitionedTable, partitionName } from './partition-months';

export async function inTransaction<T>(client: pg.PoolClient, lockTimeoutMs: number, work: () => Promise<T>): Promise<T> {
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

export async function attachedPartitions(client: pg.PoolClient, table: PartitionedTable): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass ORDER BY c.relname`,
    [`mail.${table.name}`],
  );
  return rows.map((row) => row.name);
}

/** The months detached (<table>_YYYY_MM_expired) and not dropped yet, oldest first. */
export async function detachedPartitions(client: pg.PoolClient, table: PartitionedTable): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'mail' AND c.relkind = 'r' AND c.relname LIKE $1 AND NOT c.relispartition ORDER BY c.relname`,
    [`${table.name.replaceAll('_', '\\_')}\\_%\\_expired`],
  );
  return rows.map((row) => row.name).filter((name) => monthOf(table, name, true) !== null);
}

async function columnList(client: pg.PoolClient, table: PartitionedTable): Promise<string> {
  const { rows } = await client.query<{ columns: string }>(
    `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [`mail.${table.name}`],
  );
  return rows[0]?.columns ?? '*';
}

/** Moves the default partition's rows of [from, to) into `target`; answers how many. */
async function moveDefaultRows(client: pg.PoolClient, table: PartitionedTable, target: string, from: string, to: string) {
  const columns = await columnList(client, table);
  const moved = await client.query(
    `WITH moved AS (
       DELETE FROM mail.${table.name}_default WHERE ${table.column} >= $1 AND ${table.column} < $2 RETURNING ${columns}
     )
     INSERT INTO mail.${target} (${columns}) SELECT ${columns} FROM moved`,
    [from, to],
  );
  return moved.rowCount ?? 0;
}

/**
 * Creates the month's partition and answers how many rows it took over from the default partition. Postgres refuses
 * to create or attach a partition while DEFAULT holds rows of its range, so the partition is built beside the table,
 * those rows are moved into it, and it is attached, all under one lock of the table (brief when DEFAULT is empty,
 * as it is unless upkeep stopped for months). Moving an email is no deletion: the cascade trigger leaves its
 * children alone while mail.partition_moving is on.
 */
export async function createPartition(
  client: pg.PoolClient,
  table: PartitionedTable,
  month: Date,
  lockTimeoutMs: number,
): Promise<number> {
  const name = partitionName(month, table);
  const from = month.toISOString();
  const to = monthStart(month, 1).toISOString();
  return inTransaction(client, lockTimeoutMs, async () => {
    await client.query(`SET LOCAL mail.partition_moving = 'on'`);
    await client.query(`LOCK TABLE mail.${table.name} IN ACCESS EXCLUSIVE MODE`);
    await client.query(`CREATE TABLE mail.${name} (LIKE mail.${table.name} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    // Lets ATTACH skip scanning the new partition for rows outside its range.
    await client.query(
      `ALTER TABLE mail.${name} ADD CONSTRAINT ${name}_range CHECK (${table.column} >= '${from}' AND ${table.column} < '${to}')`,
    );
    const moved = await moveDefaultRows(client, table, name, from, to);
    await client.query(`ALTER TABLE mail.${table.name} ATTACH PARTITION mail.${name} FOR VALUES FROM ('${from}') TO ('${to}')`);
    await client.query(`ALTER TABLE mail.${name} DROP CONSTRAINT ${name}_range`);
    return moved;
  });
}

async function tableExists(client: pg.PoolClient, name: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [`mail.${name}`]);
  return rows[0]?.found ?? false;
}

/**
 * Takes the month out of its table (a short lock of the table) and renames it <name>_expired, so its rows are no
 * longer any query's and a pass that stops here is finished by the next one. An <name>_expired already there (rows
 * of that month an earlier pass took out of DEFAULT) takes this month's rows.
 */
export async function detachExpired(
  client: pg.PoolClient,
  table: PartitionedTable,
  month: Date,
  lockTimeoutMs: number,
): Promise<void> {
  const name = partitionName(month, table);
  const expired = expiredName(month, table);
  await inTransaction(client, lockTimeoutMs, async () => {
    await client.query(`ALTER TABLE mail.${table.name} DETACH PARTITION mail.${name}`);
    if (await tableExists(client, expired)) {
      await client.query(`INSERT INTO mail.${expired} SELECT * FROM mail.${name}`);
      await client.query(`DROP TABLE mail.${name}`);
    } else {
      await client.query(`ALTER TABLE mail.${name} RENAME TO ${expired}`);
    }
  });
}

/**
 * Rows of the default partition older than `keepFrom` (months that never had a partition) go to their month's
 * <table>_YYYY_MM_expired, to be archived and dropped as a detached month is; answers how many.
 */
export async function expireDefaultRows(
  client: pg.PoolClient,
  table: PartitionedTable,
  keepFrom: Date,
  lockTimeoutMs: number,
): Promise<number> {
  const { rows } = await client.query<{ month: Date }>(
    `SELECT DISTINCT date_trunc('month', ${table.column}, 'UTC') AS month FROM mail.${table.name}_default
     WHERE ${table.column} < $1`,
    [keepFrom.toISOString()],
  );
  let moved = 0;
  for (const { month } of rows) {
    const expired = expiredName(month, table);
    moved += await inTransaction(client, lockTimeoutMs, async () => {
      await client.query(`SET LOCAL mail.partition_moving = 'on'`);
      if (!(await tableExists(client, expired))) {
        await client.query(`CREATE TABLE mail.${expired} (LIKE mail.${table.name} INCLUDING DEFAULTS)`);
      }
      return moveDefaultRows(client, table, expired, month.toISOString(), monthStart(month, 1).toISOString());
    });
  }
  return moved;
}

/**
 * Deletes the children of a detached month of emails (events in any month, attached or detached), then drops it.
 * Its emails are out of mail.emails already, so no new child row can name them (the children's check trigger finds
 * no email).
 */
export async function dropExpiredEmails(
  client: pg.PoolClient,
  name: string,
  children: readonly string[],
  lockTimeoutMs: number,
): Promise<void> {
  await inTransaction(client, lockTimeoutMs, async () => {
    for (const child of children) {
      await client.query(`DELETE FROM mail.${child} c USING mail.${name} e WHERE c.email_id = e.id`);
    }
    await client.query(`DROP TABLE mail.${name}`);
  });
}

export async function dropTable(client: pg.PoolClient, name: string, lockTimeoutMs: number): Promise<void> {
  await inTransaction(client, lockTimeoutMs, async () => {
    await client.query(`DROP TABLE mail.${name}`);
  });
}

const MAINTENANCE_LOCK = 'mail:email-partitions';

/** One upkeep pass at a time across processes: a session advisory lock, taken without waiting. */
export async function takeMaintenanceLock(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
    MAINTENANCE_LOCK,
  ]);
  return rows[0]?.locked === true;
}

export async function releaseMaintenanceLock(client: pg.PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_unlock(hashtext($1))', [MAINTENANCE_LOCK]);
}
