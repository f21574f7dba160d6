// Fault injection on the whole stack (processes, its own PostgreSQL and Redis, an SMTP sink): a worker
// SIGKILLed mid-batch, Redis flushed mid-batch, Postgres restarted mid-batch, an SMTP server answering
// 421/451 then accepting or 550, and every service killed and restarted under light load. Every accepted
// email must end sent or failed; nothing may be lost; duplicates are bounded by the jobs in flight.
import { randomUUID } from 'node:crypto';
import { smtpIntakeProcess } from '@mailwright/contracts';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerPortKey } from '../launcher/stack-environment';
import { addSinkAccount, Client, mapLimit, signUpVerified, uniqueEmail, upgrade, waitFor } from './support/client';
import { type FaultStack, startFaultStack } from './support/fault-stack';
import { type Outcome, outcomeOf, rowsOf, waitUntilFinal } from './support/mail-outcome';
import { formatTable, writeReport } from './support/report';
import { Sender } from './support/sender';
import { SmtpDialogue } from './support/smtp-dialogue';

const EMAILS = Number(process.env.FAULTS_EMAILS ?? 300);

let fs: FaultStack;
let client: Client;
let token: string;
const table: Array<Record<string, string | number>> = [];
const notes: Record<string, unknown> = { emailsPerBatch: EMAILS };

const addRow = (fault: string, outcome: Outcome, extra: Record<string, number | string> = {}) => {
  table.push({
    fault,
    accepted: outcome.accepted,
    delivered: outcome.delivered,
    failed: outcome.failed,
    lost: outcome.lost,
    duplicated: outcome.duplicated,
    inFlightAtFault: '-',
    refusedWhileDown: '-',
    ...extra,
  });
};

const deliveredTo = (sender: Sender) => {
  const wanted = new Set(sender.accepted.values());
  return fs.sink.messages.filter((m) => m.envelopeTo.some((to) => wanted.has(to))).length;
};

/** Sends `count` emails with `concurrency` at once; calls `fault` once `trigger` deliveries reached the sink. */
async function batchWithFault(sender: Sender, count: number, trigger: number, fault: () => Promise<void>): Promise<void> {
  let faulted = false;
  const watcher = (async () => {
    await waitFor('deliveries before the fault', () => (deliveredTo(sender) >= trigger ? true : undefined), 120_000);
    await fault();
    faulted = true;
  })();
  const sends = Array.from({ length: count }, (_, index) => index);
  const sent = await mapLimit(sends, 12, async () => sender.send());
  expect(sent).toHaveLength(count);
  await watcher;
  expect(faulted).toBe(true);
}

beforeAll(async () => {
  fs = await startFaultStack({ label: 'delivery', postgres: 'dedicated', workers: 1, env: { WORKER_CONCURRENCY: '50' } });
  client = new Client(fs.gatewayUrl);
  const user = await signUpVerified(client, fs.sink, 'faults');
  token = user.token;
  await upgrade(client, fs, token, 'enterprise');
  await addSinkAccount(client, fs.sink, token);
}, 180_000);

afterAll(async () => {
  if (table.length) {
    console.log(`\nFault injection (${EMAILS} emails per batch)\n${formatTable(table)}\n`);
    writeReport('faults', { ...notes, table });
  }
  await fs?.stop();
}, 60_000);

describe('delivery under faults', () => {
  it('retries SMTP 421/451 with backoff and delivers once; fails a 550 at once with the server text', async () => {
    const rules = [
      { match: 'busy421', code: 421, message: '4.3.2 Service busy, try later', remaining: 2 },
      { match: 'grey451', code: 451, message: '4.7.1 Greylisted, come back later', remaining: 2 },
      { match: 'nouser550', code: 550, message: '5.1.1 No such user here', remaining: 1 },
    ];
    for (const rule of rules) {
      await fetch(`http://127.0.0.1:${fs.sink.apiPort}/rules`, { method: 'POST', body: JSON.stringify(rule) });
    }
    const sender = new Sender(client, token, 'smtp');
    const transient421 = await sender.send({}, 'busy421@sink.test');
    const transient451 = await sender.send({}, 'grey451@sink.test');
    const permanent = await sender.send({}, 'nouser550@sink.test');
    expect(transient421 && transient451 && permanent).toBeTruthy();
    const ids = [...sender.accepted.keys()];
    await waitUntilFinal(fs, ids, 60_000);
    const outcome = await outcomeOf(fs, sender.accepted);
    addRow('SMTP 421/451 x2 then OK; 550', outcome);

    for (const id of [transient421, transient451] as string[]) {
      const row = outcome.rows.get(id);
      expect(row?.status).toBe('sent');
      expect(row?.attempts).toBe(3);
      // Exponential backoff: 1 s then 2 s between the three tries.
      expect((row?.sentAt?.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeGreaterThanOrEqual(2_500);
    }
    expect(outcome.copies.get('busy421@sink.test')).toBe(1);
    expect(outcome.copies.get('grey451@sink.test')).toBe(1);
    const failed = outcome.rows.get(permanent as string);
    expect(failed?.status).toBe('failed');
    expect(failed?.attempts).toBe(1);
    expect(failed?.error).toContain('5.1.1 No such user here');
    expect(outcome.copies.get('nouser550@sink.test') ?? 0).toBe(0);
    expect(outcome.lost).toBe(0);
  }, 90_000);

  it('loses nothing when a worker is SIGKILLed mid-batch and a second worker finishes', async () => {
    const sender = new Sender(client, token, 'kill');
    let inFlight = 0;
    await batchWithFault(sender, EMAILS, Math.floor(EMAILS / 3), async () => {
      await fs.stack.kill('mail-worker-1', 'SIGKILL');
      const { rows } = await fs.db.query<{ n: string }>(
        "select count(*) as n from mail.emails where status = 'sending' and id = any($1::uuid[])",
        [[...sender.accepted.keys()]],
      );
      inFlight = Number(rows[0]?.n ?? 0);
      await fs.stack.addWorker();
    });
    await waitUntilFinal(fs, [...sender.accepted.keys()], 120_000);
    const outcome = await outcomeOf(fs, sender.accepted);
    addRow('worker SIGKILL mid-batch', outcome, { inFlightAtFault: inFlight });
    notes.workerKill = { inFlightAtKill: inFlight, duplicated: outcome.duplicated };
    expect(outcome.accepted).toBe(EMAILS);
    expect(outcome.lost).toBe(0);
    expect(outcome.failed).toBe(0);
    expect(outcome.duplicated).toBeLessThanOrEqual(inFlight);
  }, 240_000);

  it('re-enqueues after Redis FLUSHALL mid-batch; scheduled emails still go out at their time', async () => {
    const sender = new Sender(client, token, 'flush');
    const scheduledAt = new Date(Date.now() + 20_000).toISOString();
    const scheduled = await mapLimit([1, 2, 3, 4, 5], 5, () => sender.send({ scheduledAt }));
    expect(scheduled.every(Boolean)).toBe(true);
    await batchWithFault(sender, EMAILS, Math.floor(EMAILS / 3), () => fs.redis.flushAll());
    await waitUntilFinal(fs, [...sender.accepted.keys()], 120_000);
    const outcome = await outcomeOf(fs, sender.accepted);
    addRow('Redis FLUSHALL mid-batch', outcome);
    expect(outcome.accepted).toBe(EMAILS + 5);
    expect(outcome.lost).toBe(0);
    expect(outcome.failed).toBe(0);
    const due = Date.parse(scheduledAt);
    const lateness: number[] = [];
    for (const id of scheduled as string[]) {
      const row = outcome.rows.get(id);
      expect(row?.status).toBe('sent');
      const sentAt = row?.sentAt?.getTime() ?? 0;
      expect(sentAt).toBeGreaterThanOrEqual(due);
      lateness.push(sentAt - due);
    }
    notes.redisFlush = { scheduledLatenessMs: lateness };
    expect(Math.max(...lateness)).toBeLessThan(10_000);
  }, 240_000);

  it('answers 503 while Postgres is down, accepts only stored emails, and recovers by itself', async () => {
    const sender = new Sender(client, token, 'pg');
    const pids = new Map([...fs.stack.processes].map(([name, running]) => [name, running.child.pid]));
    const load = sender.loop(4, 20);
    await waitFor('some accepted emails before the restart', () => (sender.accepted.size >= 20 ? true : undefined), 30_000);
    const acceptedBefore = new Set(sender.accepted.keys());
    const refusalsBefore = sender.refusals.length;
    const unfinished = await fs.db.query<{ n: string }>(
      "select count(*) as n from mail.emails where status in ('queued', 'sending') and id = any($1::uuid[])",
      [[...sender.accepted.keys()]],
    );
    const inFlight = Number(unfinished.rows[0]?.n ?? 0);
    await fs.postgres?.stop();
    const downAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await fs.postgres?.start();
    const acceptedAtRestart = sender.accepted.size;
    const recovered = await waitFor(
      'a send to be accepted again',
      () => (sender.accepted.size > acceptedAtRestart + 5 ? Date.now() : undefined),
      60_000,
    );
    await load.stop();
    const outage = sender.refusals.slice(refusalsBefore);
    notes.postgresRestart = {
      downMs: 5_000,
      unfinishedAtStop: inFlight,
      recoveredAfterRestartMs: recovered - downAt - 5_000,
      refusals: outage.length,
      refusalStatuses: [...new Set(outage.map((r) => r.status))],
      sampleMessage: outage[0]?.message,
    };
    // Every refusal is a 503 with a clear message; nothing else (no 500, no hang).
    expect(outage.length).toBeGreaterThan(0);
    for (const refusal of outage) {
      expect(refusal.status).toBe(503);
      expect(refusal.message).toMatch(/unavailable|try again/i);
    }
    // Every accepted email was stored: its row exists.
    const ids = [...sender.accepted.keys()];
    const rows = await rowsOf(fs, ids);
    expect(ids.filter((id) => !rows.has(id))).toEqual([]);
    await waitUntilFinal(fs, ids, 120_000);
    const outcome = await outcomeOf(fs, sender.accepted);
    // Sent but not yet recorded when the database went away: those are sent again (at least once).
    addRow('Postgres restart mid-batch', outcome, { inFlightAtFault: inFlight, refusedWhileDown: outage.length });
    notes.postgresRestart = { ...(notes.postgresRestart as object), duplicated: outcome.duplicated };
    expect(acceptedBefore.size).toBeGreaterThan(0);
    expect(outcome.lost).toBe(0);
    expect(outcome.failed).toBe(0);
    // Recovered by itself: no process was restarted.
    for (const [name, running] of fs.stack.processes) {
      expect(running.child.exitCode, `${name} exited`).toBeNull();
      expect(running.child.pid).toBe(pids.get(name));
    }
  }, 240_000);

  it('answers 503 for a killed service and recovers without a gateway restart', async () => {
    const probes: Record<string, string> = {
      identity: '/api/auth/me',
      accounts: '/api/email-accounts',
      templates: '/api/templates',
      mail: '/api/emails',
      billing: '/api/payments/history',
    };
    const worker = [...fs.stack.processes.keys()].find(
      (name) => name.startsWith('mail-worker') && fs.stack.processes.get(name)?.child.exitCode === null,
    );
    const gatewayPid = fs.stack.processes.get('gateway')?.child.pid;
    const figures: Record<string, unknown> = {};
    for (const name of [...Object.keys(probes), worker as string]) {
      const sender = new Sender(client, token, `svc-${name}`);
      const load = sender.loop(1, 150);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await fs.stack.kill(name, 'SIGKILL');
      const path = probes[name];
      let unavailable: { status: number; message: string } | undefined;
      if (path) {
        unavailable = await waitFor(`503 from ${path}`, async () => {
          const response = await client.call<{ message?: string }>(path, { token });
          return response.status === 503 ? { status: 503, message: response.body.message ?? '' } : undefined;
        });
        expect(unavailable.message).toContain(`The ${name} service is unavailable`);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      await fs.stack.restart(name);
      if (path) {
        await waitFor(`${path} to answer again`, async () => {
          const response = await client.call(path, { token });
          return response.status === 200 ? true : undefined;
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      await load.stop();
      await waitUntilFinal(fs, [...sender.accepted.keys()], 60_000);
      const outcome = await outcomeOf(fs, sender.accepted);
      const statuses = [...new Set(sender.refusals.map((r) => r.status))];
      figures[name] = { refusedSends: sender.refusals.length, refusalStatuses: statuses };
      addRow(`${name} SIGKILL + restart`, outcome, { refusedWhileDown: sender.refusals.length });
      expect(outcome.lost, name).toBe(0);
      expect(outcome.failed, name).toBe(0);
      // Sends refused while a dependency was down said so (503), never a bare 500.
      for (const refusal of sender.refusals) expect(refusal.status, `${name}: ${refusal.message}`).toBe(503);
    }
    notes.serviceRestarts = figures;
    expect(fs.stack.processes.get('gateway')?.child.pid).toBe(gatewayPid);
  }, 240_000);
  it('the SMTP intake SIGKILLed mid-DATA: nothing is stored, and the retry is sent once however often it comes', async () => {
    const port = fs.stack.ports.get(listenerPortKey(smtpIntakeProcess.name, 'submission'));
    if (port === undefined) throw new Error('the fault stack has no SMTP intake (is openssl installed?)');
    const key = await client.call<{ data: { key: string } }>('/api/api-keys', { token, body: { name: 'intake-kill' } });
    const accounts = await client.call<{ data: Array<{ email: string }> }>('/api/email-accounts', { token });
    const from = accounts.body.data[0]?.email as string;
    const to = uniqueEmail('intake-kill', 'sink.test');
    const message = [
      `From: ${from}`,
      `To: ${to}`,
      'Subject: Killed mid-DATA',
      `Message-ID: <${randomUUID()}@app.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      ...Array.from({ length: 4_000 }, (_, i) => `line ${i} of a message long enough to be cut in the middle`),
      '',
    ].join('\r\n');

    const dialogue = await SmtpDialogue.open(port);
    await dialogue.command('EHLO app.example', 250);
    await dialogue.command(`AUTH PLAIN ${Buffer.from(`\0app\0${key.body.data.key}`).toString('base64')}`, 235);
    await dialogue.command(`MAIL FROM:<${from}>`, 250);
    await dialogue.command(`RCPT TO:<${to}>`, 250);
    await dialogue.command('DATA', 354);
    dialogue.write(message.slice(0, message.length / 2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fs.stack.kill(smtpIntakeProcess.name, 'SIGKILL');
    await dialogue.closed;
    const stored = () => fs.db.query('SELECT id FROM mail.emails WHERE $1 = ANY("to")', [to]).then((result) => result.rows);
    expect(await stored()).toEqual([]);

    await fs.stack.restart(smtpIntakeProcess.name);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      ignoreTLS: true,
      auth: { user: 'app', pass: key.body.data.key },
    });
    const retries = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      retries.push((await transport.sendMail({ envelope: { from, to: [to] }, raw: message })).response);
    }
    transport.close();
    const ids = retries.map((response) => /queued as (\S+)/.exec(response)?.[1]);
    expect(ids[0]).toBeDefined();
    expect(ids[1]).toBe(ids[0]);
    await waitFor('the retried message', () => fs.sink.messages.find((m) => m.envelopeTo.includes(to)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(fs.sink.messages.filter((m) => m.envelopeTo.includes(to))).toHaveLength(1);
    expect(await stored()).toEqual([{ id: ids[0] }]);
    table.push({
      fault: 'SMTP intake SIGKILL mid-DATA',
      accepted: 1,
      delivered: 1,
      failed: 0,
      lost: 0,
      duplicated: 0,
      inFlightAtFault: 1,
      refusedWhileDown: '-',
    });
  });
});
