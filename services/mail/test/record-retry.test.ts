// A database blip between the provider's acceptance and the 'sent' record must not send the email twice.
// The blip is real: a trigger on mail.emails refuses the 'sent' update while a sequence (not rolled back
// with the failing statement) counts the refusals.
import type { EmailLog } from '@mailwright/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

const h = new Harness('record-retry');
beforeAll(() => h.start({ worker: false }));
afterAll(() => h.stop());

/** Refuses the next `times` updates to 'sent' of rows whose subject starts with `subjectPrefix`. */
async function refuseSentRecords(subjectPrefix: string, times: number): Promise<void> {
  await h.pool.query(`
    DROP TRIGGER IF EXISTS refuse_sent ON mail.emails;
    DROP SEQUENCE IF EXISTS mail.refused_sent;
    CREATE SEQUENCE mail.refused_sent;
    CREATE OR REPLACE FUNCTION mail.refuse_sent() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.subject LIKE '${subjectPrefix}%' AND nextval('mail.refused_sent') <= ${times} THEN
        RAISE EXCEPTION 'database unavailable (test)';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_sent BEFORE UPDATE ON mail.emails
      FOR EACH ROW WHEN (NEW.status = 'sent' AND OLD.status = 'sending') EXECUTE FUNCTION mail.refuse_sent();`);
}

/**
 * Ends the refusals without DDL: past `times` the trigger lets every update through. (Dropping the trigger takes
 * the table's strongest lock while the worker keeps retrying its update, which Postgres can report as a deadlock.)
 */
async function endRefusals(times: number): Promise<void> {
  await h.pool.query("SELECT setval('mail.refused_sent', $1)", [times]);
}

async function refusals(): Promise<number> {
  const { rows } = await h.pool.query<{ n: string }>('SELECT last_value AS n FROM mail.refused_sent');
  return Number(rows[0]?.n ?? 0);
}

async function sendOne(userId: string, to: string, subject: string): Promise<EmailLog> {
  const response = await h.send(userId, { to: [to], subject, body: 'b' });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: EmailLog }>().data;
}

describe('recording a send fails for a while', () => {
  it('keeps retrying the record in-process and delivers once', async () => {
    await refuseSentRecords('Blip', 4);
    await h.startWorker();
    const { userId } = h.newUser();
    const email = await sendOne(userId, 'blip@example.net', 'Blip one');
    await waitFor(async () => (await h.emailStatus(email.id)) === 'sent', 15_000);
    expect(await refusals()).toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a resend would come within the job's backoff
    expect(h.smtp.to('blip@example.net')).toHaveLength(1);
    await h.stopWorker();
  });

  it('does not send again when the job is retried after the record gave up', async () => {
    const outage = 1_000_000;
    await refuseSentRecords('Outage', outage);
    await h.startWorker({ logger: pino({ level: 'silent' }), resultRetryMs: 300 });
    const { userId } = h.newUser();
    const email = await sendOne(userId, 'outage@example.net', 'Outage one');
    await waitFor(() => h.smtp.to('outage@example.net').length > 0, 10_000);
    // The first job run gives up recording and fails; its retry (after 1 s) finds the Redis marker.
    await waitFor(async () => (await refusals()) >= 6, 15_000);
    await endRefusals(outage);
    await waitFor(async () => (await h.emailStatus(email.id)) === 'sent', 20_000);
    const { rows } = await h.pool.query<{ attempts: number }>('SELECT attempts FROM mail.emails WHERE id = $1', [email.id]);
    expect(rows[0]?.attempts).toBeGreaterThan(1); // the row really was claimed again
    expect(h.smtp.to('outage@example.net')).toHaveLength(1);
    await h.stopWorker();
  }, 60_000);
});
