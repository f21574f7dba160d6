import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from './admin-harness';

describe('admin partitions', () => {
  let harness: AdminHarness;
  let pool: pg.Pool;
  const scratch = mkdtempSync(path.join(tmpdir(), 'mw-admin-archive-'));
  const oldEmail = randomUUID();
  // Three years ago: older than any retention below, and in no partition (it sits in emails_default).
  const oldMonth = new Date(Date.UTC(new Date().getUTCFullYear() - 3, 0, 10));
  const suffix = `${oldMonth.getUTCFullYear()}_01`;

  beforeAll(async () => {
    harness = await createAdminHarness('partitions');
    pool = new pg.Pool({ connectionString: harness.database.url, max: 2 });
    await pool.query(
      `INSERT INTO mail.emails (id, user_id, email_account_id, from_email, "to", subject, body, status, message_id,
         quota_month, created_at)
       VALUES ($1, $2, 'acc', 'a@example.test', '{b@example.test}', 's', 'b', 'sent', $3, '2020-01', $4)`,
      [oldEmail, randomUUID(), `<${oldEmail}@example.test>`, oldMonth.toISOString()],
    );
    await pool.query(`INSERT INTO mail.email_events (email_id, user_id, type, occurred_at) VALUES ($1, $2, 'open', $3)`, [
      oldEmail,
      randomUUID(),
      oldMonth.toISOString(),
    ]);
  });

  afterAll(async () => {
    await pool?.end();
    await harness?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps an expired month it cannot archive (exit 3), then archives and drops it', async () => {
    const notADir = path.join(scratch, 'a-file');
    writeFileSync(notADir, 'x');
    const failed = await harness.admin('partitions', '--retention-months', '13', '--archive-dir', notADir);
    expect(failed.code).toBe(3);
    expect(failed.out).toContain(`not archived, kept for the next pass: emails_${suffix}_expired`);
    expect(failed.err).toContain('1 expired month(s) not archived');
    const { rows: kept } = await pool.query(`SELECT id FROM mail.emails_${suffix}_expired`);
    expect(kept).toEqual([{ id: oldEmail }]);

    const archive = mkdtempSync(path.join(scratch, 'archive-'));
    const done = await harness.admin('partitions', '--retention-months', '13', '--archive-dir', archive, '--json');
    expect(done.code).toBe(0);
    const report = done.json<{ dropped: string[]; archived: string[] }>();
    expect(report.dropped).toContain(`emails_${suffix}`);
    expect(report.dropped).toContain(`email_events_${suffix}`);
    expect(report.archived).toEqual([
      path.join(archive, `emails_${suffix}.ndjson.gz`),
      path.join(archive, `email_events_${suffix}.ndjson.gz`),
    ]);
    expect(readdirSync(archive).sort()).toEqual([`email_events_${suffix}.ndjson.gz`, `emails_${suffix}.ndjson.gz`]);
    const { rows: left } = await pool.query('SELECT count(*)::int AS n FROM mail.email_events WHERE email_id = $1', [oldEmail]);
    expect(left).toEqual([{ n: 0 }]);
  });

  it('refuses an empty --archive-dir', async () => {
    const run = await harness.admin('partitions', '--retention-months', '13', '--archive-dir', '');
    expect(run.code).toBe(2);
  });
});
