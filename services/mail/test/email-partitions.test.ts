// Issue 25: mail.emails partitioned by month. The migration converts a populated table (rows of several months, with
// children) keeping every row and what the children's foreign keys did; lookups by id find old v4 and new v7 ids;
// the maintenance pass creates months ahead, moves rows out of DEFAULT, drops expired months with their children,
// and is idempotent and safe to run twice at once.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMigrations } from '@mailwright/kit';
import { createTestDatabase, type TestDatabase } from '@mailwright/kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdRange, createdWithin, newEmailId } from '../src/db/email-ids';
import { recordTrackingEvents } from '../src/db/queries/record-tracking-events';
import { trackedLink } from '../src/db/queries/tracked-link';
import { maintainPartitionsNow } from '../src/operations/maintain-partitions';
import { maintainEmailPartitions, monthStart, partitionName } from '../src/retention/email-partitions';

const migrations = fileURLToPath(new URL('../drizzle', import.meta.url));
const CHILDREN = ['email_events', 'email_attachments', 'email_sources', 'tracking_counters'];

let database: TestDatabase;
let pool: pg.Pool;
let before: string[] = [];
const realNow = new Date();
const rows = {
  old: { id: randomUUID(), at: '2025-01-15T10:00:00.000Z' },
  juneEnd: { id: randomUUID(), at: '2025-06-30T23:59:59.999Z' },
  julyStart: { id: randomUUID(), at: '2025-07-01T00:00:00.000Z' },
  lastMonth: { id: randomUUID(), at: new Date(monthStart(realNow, -1).getTime() + 86_400_000).toISOString() },
  today: { id: randomUUID(), at: realNow.toISOString() },
};

async function insertEmail(id: string, createdAt: string | null): Promise<void> {
  await pool.query(
    `INSERT INTO mail.emails (id, user_id, email_account_id, from_email, "to", subject, body, status, message_id, quota_month,
       links, created_at)
     VALUES ($1, $2, 'acc', 'a@example.test', '{b@example.test}', 's', 'b', 'sent', $3, '2025-01', '{https://x.test/}',
       coalesce($4::timestamptz, now()))`,
    [id, randomUUID(), `<${id}@example.test>`, createdAt],
  );
}

async function insertChildren(id: string): Promise<void> {
  await pool.query(`INSERT INTO mail.email_events (email_id, user_id, type, occurred_at) VALUES ($1, $2, 'open', now())`, [
    id,
    randomUUID(),
  ]);
  await pool.query(
    `INSERT INTO mail.email_attachments (email_id, position, filename, content_type, size, content)
     VALUES ($1, 0, 'a.txt', 'text/plain', 1, '\\x61')`,
    [id],
  );
  await pool.query(`INSERT INTO mail.email_sources (email_id, content) VALUES ($1, '\\x61')`, [id]);
  await pool.query(
    `INSERT INTO mail.tracking_counters (email_id, link_index, recorded, last_recorded_at) VALUES ($1, -1, 1, now())`,
    [id],
  );
}

/** How many child rows (of the four tables) each email has. */
async function childCount(id: string): Promise<number> {
  let total = 0;
  for (const child of CHILDREN) {
    const { rows: found } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail.${child} WHERE email_id = $1`, [
      id,
    ]);
    total += found[0]?.n ?? 0;
  }
  return total;
}

async function partitions(table: 'emails' | 'email_events' = 'emails'): Promise<string[]> {
  const { rows: found } = await pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass ORDER BY 1`,
    [`mail.${table}`],
  );
  return found.map((row) => row.name);
}

async function tableOf(id: string): Promise<string | undefined> {
  const { rows: found } = await pool.query<{ t: string }>('SELECT tableoid::regclass::text AS t FROM mail.emails WHERE id = $1', [
    id,
  ]);
  return found[0]?.t;
}

async function errorCode(work: Promise<unknown>): Promise<string | undefined> {
  return work.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

beforeAll(async () => {
  database = await createTestDatabase('partitions');
  // The schema as it was before the conversion: the migrations up to 0007.
  const upTo7 = mkdtempSync(join(tmpdir(), 'mail-migrations-'));
  try {
    cpSync(migrations, upTo7, { recursive: true });
    const journalPath = join(upTo7, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
    journal.entries = journal.entries.filter((entry) => entry.idx <= 7);
    writeFileSync(journalPath, JSON.stringify(journal));
    await runMigrations(database.url, 'mail', upTo7);
  } finally {
    rmSync(upTo7, { recursive: true, force: true });
  }
  pool = new pg.Pool({ connectionString: database.url, max: 3 });
  pool.on('error', () => {});
  for (const row of Object.values(rows)) await insertEmail(row.id, row.at);
  await insertChildren(rows.old.id);
  await insertChildren(rows.lastMonth.id);
  await insertChildren(rows.juneEnd.id);
  before = (await pool.query<{ r: string }>('SELECT to_jsonb(e)::text AS r FROM mail.emails e ORDER BY id')).rows.map((r) => r.r);
  await runMigrations(database.url, 'mail', migrations);
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('the migration to monthly partitions', () => {
  it('keeps every row, each in its month, with partitions for this month and the next two and a DEFAULT', async () => {
    const after = (await pool.query<{ r: string }>('SELECT to_jsonb(e)::text AS r FROM mail.emails e ORDER BY id')).rows.map(
      (r) => r.r,
    );
    expect(after).toEqual(before);
    const { rows: kind } = await pool.query<{ k: string }>(
      `SELECT relkind AS k FROM pg_class WHERE oid = 'mail.emails'::regclass`,
    );
    expect(kind[0]?.k).toBe('p');
    const expected = new Set(['emails_default', 'emails_2025_01', 'emails_2025_06', 'emails_2025_07']);
    for (const offset of [-1, 0, 1, 2]) expected.add(partitionName(monthStart(realNow, offset)));
    expect(await partitions()).toEqual([...expected].sort());
    for (const row of Object.values(rows)) {
      expect(await tableOf(row.id)).toBe(`mail.${partitionName(new Date(row.at))}`);
    }
    expect(await childCount(rows.old.id)).toBe(4);
  });

  it('keeps what the foreign keys did: a child needs its email, and deleting an email deletes its children', async () => {
    expect(
      await errorCode(
        pool.query(`INSERT INTO mail.email_events (email_id, user_id, type, occurred_at) VALUES ($1, $1, 'open', now())`, [
          randomUUID(),
        ]),
      ),
    ).toBe('23503');
    expect(
      await errorCode(pool.query(`INSERT INTO mail.email_sources (email_id, content) VALUES ($1, '\\x61')`, [randomUUID()])),
    ).toBe('23503');
    const doomed = newEmailId();
    await insertEmail(doomed, null);
    await insertChildren(doomed);
    expect(await childCount(doomed)).toBe(4);
    await pool.query('DELETE FROM mail.emails WHERE id = $1', [doomed]);
    expect(await childCount(doomed)).toBe(0);
    expect(await childCount(rows.lastMonth.id)).toBe(4);
    // An UPDATE moving created_at to another month moves the row to another partition (a delete and an insert to
    // Postgres): the email and its children stay.
    const moved = newEmailId();
    await insertEmail(moved, null);
    await insertChildren(moved);
    await pool.query(`UPDATE mail.emails SET created_at = '2025-06-10T00:00:00Z' WHERE id = $1`, [moved]);
    expect(await tableOf(moved)).toBe('mail.emails_2025_06');
    expect(await childCount(moved)).toBe(4);
    await pool.query('DELETE FROM mail.emails WHERE id = $1', [moved]);
  });

  it('bounds a batch of ids in JavaScript exactly as the SQL functions do (v7, v4, mixed, none)', async () => {
    const early = newEmailId(Date.parse('2026-01-31T23:59:59.999Z'));
    const late = newEmailId(Date.parse('2026-02-01T00:00:00.001Z'));
    const batches = [[early], [early, late], [late, early, newEmailId()], [early, randomUUID()], [randomUUID()], []];
    for (const ids of batches) {
      const { rows: sql } = await pool.query<{ from: Date; until: Date }>(
        'SELECT mail.emails_created_from($1::uuid[]) AS from, mail.emails_created_until($1::uuid[]) AS until',
        [ids],
      );
      const { rows: js } = await pool.query<{ from: Date; until: Date }>(
        'SELECT to_timestamp($1::float8 / 1000) AS from, to_timestamp($2::float8 / 1000) AS until',
        createdRange(ids),
      );
      expect(js[0], JSON.stringify(ids)).toEqual(sql[0]);
    }
    expect(createdRange([early])).toEqual([Date.parse('2026-01-30T23:59:59.999Z'), Date.parse('2026-02-01T23:59:59.999Z')]);
    expect(createdRange([early, randomUUID()])).toEqual([Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
  });

  it('finds old v4 ids in any partition and new v7 ids by their month alone; refuses a v7 id a day off the clock', async () => {
    const fresh = newEmailId();
    await insertEmail(fresh, null);
    const { rows: ms } = await pool.query<{ ms: string }>('SELECT mail.email_id_ms($1)::text AS ms', [fresh]);
    expect(Math.abs(Number(ms[0]?.ms) - Date.now())).toBeLessThan(60_000);
    for (const id of [fresh, rows.old.id, rows.juneEnd.id, rows.today.id]) {
      expect(await trackedLink(pool, id, 0)).toBe('https://x.test/');
    }
    // The tracking statement bounds its batch by the ids' time: a batch of old and new ids finds every one.
    const hits = [fresh, rows.today.id, rows.julyStart.id].map((emailId) => ({
      type: 'click' as const,
      emailId,
      linkIndex: 0,
      at: new Date().toISOString(),
      ip: null,
      userAgent: null,
    }));
    expect((await recordTrackingEvents(pool, hits)).map((hit) => hit.emailId).sort()).toEqual(
      hits.map((hit) => hit.emailId).sort(),
    );
    const open = {
      type: 'open' as const,
      emailId: fresh,
      linkIndex: null,
      at: new Date().toISOString(),
      ip: null,
      userAgent: null,
    };
    expect((await recordTrackingEvents(pool, [open])).map((hit) => hit.type)).toEqual(['open']);
    const plan = async (id: string) =>
      (
        await pool.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, COSTS OFF) SELECT 1 FROM mail.emails
           WHERE id = $1 AND ${createdWithin('created_at', '$2', '$3')}`,
          [id, ...createdRange([id])],
        )
      ).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    const scanned = (text: string) => new Set(text.match(/on emails_\w+/g)).size;
    expect(scanned(await plan(fresh))).toBeLessThanOrEqual(2);
    expect(scanned(await plan(rows.old.id))).toBeGreaterThanOrEqual(8);
    // A v7 id made three days before it is stored (a clock three days off): refused, so no bounded lookup misses it.
    expect(await errorCode(insertEmail(newEmailId(Date.now() - 3 * 86_400_000), null))).toBe('23514');
  });
});

describe('partition maintenance', () => {
  const now = new Date('2027-03-15T12:00:00.000Z');
  const april = { id: randomUUID(), at: '2027-04-02T08:00:00.000Z' };
  const strayOld = { id: randomUUID(), at: '2025-03-03T00:00:00.000Z' };

  it('creates the coming months, moves their rows out of DEFAULT and drops expired months with their children', async () => {
    // Rows in DEFAULT: one of a month the pass will create, one of an expired month that never had a partition.
    for (const row of [april, strayOld]) {
      await insertEmail(row.id, row.at);
      await insertChildren(row.id);
      expect(await tableOf(row.id)).toBe('mail.emails_default');
    }
    const report = await maintainEmailPartitions(pool, { retentionMonths: 13, now });
    expect(report.skipped).toBe(false);
    expect(report.created).toEqual([
      'emails_2027_03',
      'emails_2027_04',
      'emails_2027_05',
      'email_events_2027_03',
      'email_events_2027_04',
      'email_events_2027_05',
    ]);
    expect(report.moved).toBe(1);
    // Kept from 2026-02 on: 2025's months go (2025_03 held only the DEFAULT row).
    expect(report.dropped.sort()).toEqual(['emails_2025_01', 'emails_2025_03', 'emails_2025_06', 'emails_2025_07']);
    expect(report.expiredDefaultRows).toBe(1);

    expect(await tableOf(april.id)).toBe('mail.emails_2027_04');
    expect(await childCount(april.id)).toBe(4);
    for (const id of [rows.old.id, rows.juneEnd.id, strayOld.id]) {
      expect(await tableOf(id)).toBeUndefined();
      expect(await childCount(id)).toBe(0);
    }
    expect(await tableOf(rows.lastMonth.id)).toBe(`mail.${partitionName(monthStart(realNow, -1))}`);
    expect(await childCount(rows.lastMonth.id)).toBe(4);
    const { rows: leftovers } = await pool.query(
      `SELECT 1 FROM pg_tables WHERE schemaname = 'mail' AND tablename LIKE 'emails_2025%'`,
    );
    expect(leftovers).toHaveLength(0);
  });

  it('changes nothing when run again, and two passes at once neither fail nor both work', async () => {
    const again = await maintainEmailPartitions(pool, { retentionMonths: 13, now });
    expect(again).toEqual({
      skipped: false,
      created: [],
      moved: 0,
      dropped: [],
      expiredDefaultRows: 0,
      archived: [],
      archiveFailures: [],
    });

    const later = new Date('2027-06-10T00:00:00.000Z');
    const both = await Promise.all([
      maintainEmailPartitions(pool, { retentionMonths: 13, now: later }),
      maintainEmailPartitions(pool, { retentionMonths: 13, now: later }),
    ]);
    const created = both.flatMap((report) => report.created).sort();
    expect(created).toEqual([
      'email_events_2027_06',
      'email_events_2027_07',
      'email_events_2027_08',
      'emails_2027_06',
      'emails_2027_07',
      'emails_2027_08',
    ]);
    const names = [...(await partitions()), ...(await partitions('email_events'))];
    for (const name of created) expect(names).toContain(name);
  });

  it('finishes a month a stopped pass detached but did not drop, and 0 months keeps everything', async () => {
    const month = partitionName(monthStart(realNow, -1));
    await pool.query(`ALTER TABLE mail.emails DETACH PARTITION mail.${month}`);
    await pool.query(`ALTER TABLE mail.${month} RENAME TO ${month}_expired`);
    const keepAll = await maintainEmailPartitions(pool, {
      retentionMonths: 0,
      aheadMonths: 0,
      now: new Date('2040-01-01T00:00:00.000Z'),
    });
    expect(keepAll.dropped).toEqual([]);
    expect(await partitions()).toContain('emails_2027_03');
    const report = await maintainEmailPartitions(pool, { retentionMonths: 13, now: new Date('2027-06-10T00:00:00.000Z') });
    expect(report.dropped).toEqual([month]);
    expect(await childCount(rows.lastMonth.id)).toBe(0);
    const { rows: leftovers } = await pool.query(
      `SELECT 1 FROM pg_tables WHERE schemaname = 'mail' AND tablename LIKE '%_expired'`,
    );
    expect(leftovers).toHaveLength(0);
  });

  it("the operator's pass waits for a worker's, and gives up after --wait", async () => {
    const worker = await pool.connect();
    try {
      await worker.query(`SELECT pg_advisory_lock(hashtext('mail:email-partitions'))`);
      expect(await maintainPartitionsNow(pool, 13, 300)).toBeNull();
      const waiting = maintainPartitionsNow(pool, 13, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await worker.query(`SELECT pg_advisory_unlock(hashtext('mail:email-partitions'))`);
      expect(await waiting).toMatchObject({ skipped: false });
    } finally {
      worker.release();
    }
  });
});
