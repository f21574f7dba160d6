// Issue 25, events: mail.email_events partitioned by month of occurred_at (drizzle/0009). The migration keeps every
// event in its month; new events land in theirs; a mailbox message still counts once without a unique index; the
// upkeep drops expired months of events and archives an expired month of emails (with its emails' events) before
// dropping it, keeping it whole when the archive cannot be written.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { runMigrations } from '@mailwright/kit';
import { createTestDatabase, type TestDatabase } from '@mailwright/kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMailboxEvent } from '../src/db/queries/mailbox-findings';
import { recordTrackingEvents } from '../src/db/queries/record-tracking-events';
import { maintainEmailPartitions } from '../src/retention/email-partitions';

const migrations = fileURLToPath(new URL('../drizzle', import.meta.url));

let database: TestDatabase;
let pool: pg.Pool;
const scratch = mkdtempSync(join(tmpdir(), 'mail-archive-'));
// Emails of January 2025 (expired in the passes below, which run in March 2027 keeping 13 months) and of March 2026.
const expired = { id: randomUUID(), at: '2025-01-10T10:00:00.000Z' };
const expiredQuiet = { id: randomUUID(), at: '2025-01-20T10:00:00.000Z' };
const kept = { id: randomUUID(), at: '2026-03-05T10:00:00.000Z' };
// expired's events: in January, in February (both months expire) and in March 2026 (kept: deleted with its email).
const expiredEvents = ['2025-01-11T00:00:00.000Z', '2025-02-03T00:00:00.000Z', '2026-03-01T00:00:00.000Z'];
const passClock = new Date('2027-03-15T12:00:00.000Z');
let beforeEvents: string[] = [];

async function insertEmail(id: string, createdAt: string): Promise<void> {
  await pool.query(
    `INSERT INTO mail.emails (id, user_id, email_account_id, from_email, "to", subject, body, status, message_id, quota_month,
       links, created_at)
     VALUES ($1, $2, 'acc', 'a@example.test', '{b@example.test}', 's', 'b', 'sent', $3, '2025-01', '{https://x.test/}', $4)`,
    [id, randomUUID(), `<${id}@example.test>`, createdAt],
  );
}

async function insertEvent(emailId: string, at: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO mail.email_events (email_id, user_id, type, occurred_at) VALUES ($1, $2, 'open', $3) RETURNING id`,
    [emailId, randomUUID(), at],
  );
  return rows[0]?.id ?? '';
}

async function partitionOfEvent(where: string, value: string): Promise<string[]> {
  const { rows } = await pool.query<{ t: string }>(
    `SELECT tableoid::regclass::text AS t FROM mail.email_events WHERE ${where} = $1 ORDER BY occurred_at`,
    [value],
  );
  return rows.map((row) => row.t);
}

async function count(query: string, value?: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(query, value === undefined ? [] : [value]);
  return rows[0]?.n ?? 0;
}

const exists = async (table: string) => (await count('SELECT (to_regclass($1) IS NOT NULL)::int AS n', `mail.${table}`)) === 1;

function readArchive(path: string): Array<Record<string, unknown>> {
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const expiredEventIds: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('event_partitions');
  // The schema before the conversion: the migrations up to 0008.
  const upTo8 = mkdtempSync(join(tmpdir(), 'mail-migrations-'));
  try {
    cpSync(migrations, upTo8, { recursive: true });
    const journalPath = join(upTo8, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
    journal.entries = journal.entries.filter((entry) => entry.idx <= 8);
    writeFileSync(journalPath, JSON.stringify(journal));
    await runMigrations(database.url, 'mail', upTo8);
  } finally {
    rmSync(upTo8, { recursive: true, force: true });
  }
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => {});
  for (const email of [expired, expiredQuiet, kept]) await insertEmail(email.id, email.at);
  for (const at of expiredEvents) expiredEventIds.push(await insertEvent(expired.id, at));
  await insertEvent(kept.id, '2026-03-06T00:00:00.000Z');
  beforeEvents = (await pool.query<{ r: string }>('SELECT to_jsonb(e)::text AS r FROM mail.email_events e ORDER BY id')).rows.map(
    (row) => row.r,
  );
  await runMigrations(database.url, 'mail', migrations);
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await database?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('email_events partitioned by month', () => {
  it('keeps every event through the migration, each in its month', async () => {
    const after = (
      await pool.query<{ r: string }>('SELECT to_jsonb(e)::text AS r FROM mail.email_events e ORDER BY id')
    ).rows.map((row) => row.r);
    expect(after).toEqual(beforeEvents);
    expect(await count(`SELECT (relkind = 'p')::int AS n FROM pg_class WHERE oid = 'mail.email_events'::regclass`)).toBe(1);
    expect(await partitionOfEvent('email_id', expired.id)).toEqual([
      'mail.email_events_2025_01',
      'mail.email_events_2025_02',
      'mail.email_events_2026_03',
    ]);
    // The children check still stands in for the foreign key.
    const orphan = pool.query(
      `INSERT INTO mail.email_events (email_id, user_id, type, occurred_at) VALUES ($1, $1, 'open', now())`,
      [randomUUID()],
    );
    await expect(orphan).rejects.toMatchObject({ code: '23503' });
  });

  it('stores new events in their month, and those of a month without a partition in the default one', async () => {
    const hit = (at: string) => ({ type: 'click' as const, emailId: kept.id, linkIndex: 0, at, ip: null, userAgent: null });
    expect(await recordTrackingEvents(pool, [hit('2026-03-07T09:00:00.000Z')])).toHaveLength(1);
    expect(await partitionOfEvent('type', 'click')).toEqual(['mail.email_events_2026_03']);
    const stray = await insertEvent(kept.id, '2023-05-05T00:00:00.000Z');
    expect(await partitionOfEvent('id', stray)).toEqual(['mail.email_events_default']);
    await pool.query('DELETE FROM mail.email_events WHERE id = $1', [stray]);
  });

  it('records a mailbox message once, whatever its occurred_at and however many read it at once', async () => {
    const event = (at: string) => ({
      emailId: kept.id,
      userId: randomUUID(),
      type: 'bounce' as const,
      sourceId: 'imap:42',
      detail: { code: '550' },
      occurredAt: new Date(at),
    });
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      expect(await insertMailboxEvent(first, event('2026-03-08T00:00:00.000Z'))).toBe(true);
      // A second reader of the same message (dated later: a message without a date is dated when read) waits for the
      // first's transaction and then finds its event.
      const racing = insertMailboxEvent(second, event('2026-04-08T00:00:00.000Z'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('COMMIT');
      expect(await racing).toBe(false);
      await second.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    expect(await count(`SELECT count(*)::int AS n FROM mail.email_events WHERE source_id = $1`, 'imap:42')).toBe(1);
  });
});

describe('expired months: events dropped, emails archived first', () => {
  const files = (dir: string) => readdirSync(dir).sort();

  it('keeps a month whose archive cannot be written, detached and whole, and drops no month of events', async () => {
    const notADir = join(scratch, 'a-file');
    writeFileSync(notADir, 'x');
    const report = await maintainEmailPartitions(pool, {
      retentionMonths: 13,
      now: passClock,
      archiveDir: join(notADir, 'archive'),
    });
    expect(report.archiveFailures.map((failure) => failure.partition)).toEqual(['emails_2025_01_expired']);
    expect(report.archived).toEqual([]);
    expect(report.dropped).toEqual([]);
    // January's emails sat in emails_default: taken out of it into their month, detached.
    expect(report.expiredDefaultRows).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM mail.emails_2025_01_expired')).toBe(2);
    for (const month of ['email_events_2025_01_expired', 'email_events_2025_02_expired']) expect(await exists(month)).toBe(true);
    expect(await count('SELECT count(*)::int AS n FROM mail.email_events WHERE email_id = $1', expired.id)).toBe(1);

    // The emails' file is written, the events' one cannot be (a directory holds its name): still nothing dropped.
    const archive = join(scratch, 'archive');
    mkdirSync(join(archive, 'email_events_2025_01.ndjson.gz'), { recursive: true });
    const half = await maintainEmailPartitions(pool, { retentionMonths: 13, now: passClock, archiveDir: archive });
    expect(half.archiveFailures).toHaveLength(1);
    expect(half.dropped).toEqual([]);
    expect(await count('SELECT count(*)::int AS n FROM mail.emails_2025_01_expired')).toBe(2);
    expect(await exists('email_events_2025_01_expired')).toBe(true);
    // No temporary file left behind.
    expect(files(archive)).toEqual(['email_events_2025_01.ndjson.gz', 'emails_2025_01.ndjson.gz']);
    rmSync(join(archive, 'email_events_2025_01.ndjson.gz'), { recursive: true });
  });

  it('the next pass with a good directory archives exactly the expired rows, then drops the months', async () => {
    const archive = join(scratch, 'archive');
    const report = await maintainEmailPartitions(pool, { retentionMonths: 13, now: passClock, archiveDir: archive });
    expect(report.archiveFailures).toEqual([]);
    expect(report.archived).toEqual([join(archive, 'emails_2025_01.ndjson.gz'), join(archive, 'email_events_2025_01.ndjson.gz')]);
    expect(report.dropped.sort()).toEqual(['email_events_2025_01', 'email_events_2025_02', 'emails_2025_01']);
    expect(files(archive)).toEqual(['email_events_2025_01.ndjson.gz', 'emails_2025_01.ndjson.gz']);

    const emails = readArchive(join(archive, 'emails_2025_01.ndjson.gz'));
    expect(emails.map((row) => row.id).sort()).toEqual([expired.id, expiredQuiet.id].sort());
    expect(emails.find((row) => row.id === expired.id)).toMatchObject({ subject: 's', links: ['https://x.test/'] });
    const events = readArchive(join(archive, 'email_events_2025_01.ndjson.gz'));
    expect(events.map((row) => row.id).sort()).toEqual([...expiredEventIds].sort());
    expect(events.every((row) => row.email_id === expired.id)).toBe(true);

    for (const table of ['emails_2025_01_expired', 'email_events_2025_01_expired', 'email_events_2025_02_expired']) {
      expect(await exists(table)).toBe(false);
    }
    expect(await count('SELECT count(*)::int AS n FROM mail.emails WHERE id = $1', expired.id)).toBe(0);
    // Its event of March 2026 (a month kept) went with its email.
    expect(await count('SELECT count(*)::int AS n FROM mail.email_events WHERE email_id = $1', expired.id)).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM mail.email_events WHERE email_id = $1', kept.id)).toBe(3);
  });

  it('drops expired months of events without archiving when no directory is set', async () => {
    const later = new Date('2027-05-15T12:00:00.000Z');
    const report = await maintainEmailPartitions(pool, { retentionMonths: 13, now: later });
    // Kept from 2026-04 on: March 2026's events (and the default partition's March email) go.
    expect(report.dropped.sort()).toEqual(['email_events_2026_03', 'emails_2026_03']);
    expect(report.archived).toEqual([]);
    expect(await count('SELECT count(*)::int AS n FROM mail.email_events WHERE email_id = $1', kept.id)).toBe(0);
    expect(await exists('email_events_2026_03')).toBe(false);
  });
});
