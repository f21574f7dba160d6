// The deadline of one DATA transfer: a client that keeps trickling bytes is never idle long enough for the socket
// timeout, so past SMTP_INTAKE_DATA_TIMEOUT_MS it is answered 451 4.4.2 and dropped, and nothing is stored.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTAKE_TEXTS } from '../src/domain/intake-texts';
import { SmtpDialog } from './support/smtp-dialog';
import { type StandInServices, startStandInServices } from './support/stand-in-services';
import { startTestIntake, type TestIntake } from './support/test-intake';
import { makeTestTls, type TestTls } from './support/test-tls';

const KEY = 'mw_live_deadline_key';
const SENDER = 'app@sender.test';
const DATA_TIMEOUT_MS = 1_500;

let services: StandInServices;
let tls: TestTls;
let intake: TestIntake;
const open: SmtpDialog[] = [];
let trickle: NodeJS.Timeout | undefined;

beforeAll(async () => {
  services = await startStandInServices();
  services.apiKeys.set(KEY, { apiKeyId: 'key-1', userId: 'user-1', isActive: true, scopes: ['send', 'read'] });
  services.senders.set('user-1', new Set([SENDER]));
  tls = makeTestTls();
  intake = await startTestIntake(services, tls, { SMTP_INTAKE_DATA_TIMEOUT_MS: String(DATA_TIMEOUT_MS) });
});

afterEach(() => {
  clearInterval(trickle);
  for (const dialog of open.splice(0)) dialog.close();
});

afterAll(async () => {
  await intake?.close();
  await services?.close();
  tls?.remove();
});

async function startData(): Promise<SmtpDialog> {
  const session = await SmtpDialog.signedIn(intake.smtpPort, KEY);
  open.push(session);
  expect((await session.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
  expect((await session.command('RCPT TO:<a@example.com>')).code).toBe(250);
  expect((await session.command('DATA')).code).toBe(354);
  return session;
}

describe('the DATA deadline', () => {
  it('answers a client trickling bytes past the deadline with 451 4.4.2, closes it and stores nothing', async () => {
    const session = await startData();
    const startedAt = Date.now();
    session.write(`From: ${SENDER}\r\nTo: a@example.com\r\nSubject: slow\r\n\r\n`);
    trickle = setInterval(() => session.write('x'), 100);

    const reply = await session.reply(DATA_TIMEOUT_MS * 4);
    expect(`${reply.code} ${reply.text}`).toBe(`451 4.4.2 ${INTAKE_TEXTS.transferTooLong}`);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DATA_TIMEOUT_MS - 100);
    const deadline = Date.now() + 7_000;
    while (!session.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(session.closed).toBe(true);
    expect(services.messages).toEqual([]);
    expect(await intake.metricsText()).toMatch(/smtp_intake_rejections_total\{[^}]*reason="data_timeout"[^}]*\} 1\n/);
  });

  it('leaves a message sent in time alone: 250, and nothing more once the deadline would have passed', async () => {
    const session = await startData();
    session.write(`From: ${SENDER}\r\nTo: a@example.com\r\nSubject: in time\r\n\r\nHello\r\n.\r\n`);
    expect((await session.reply()).code).toBe(250);
    await new Promise((resolve) => setTimeout(resolve, DATA_TIMEOUT_MS + 200));
    expect(await session.command('NOOP')).toEqual({ code: 250, text: 'OK' });
    expect(services.messages).toHaveLength(1);
  });
});
