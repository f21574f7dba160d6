// Bad input and refusals: each gets a clear SMTP reply with its own enhanced code, nothing is stored half, and the
// process keeps answering. The raw dialog signs in before TLS, which the intake allows on loopback only.
import { randomBytes } from 'node:crypto';
import { API_KEY_SCOPE_MESSAGES, MAIL_MESSAGES, SMTP_INTAKE_LIMITS, SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SmtpDialog } from './support/smtp-dialog';
import { type StandInServices, startStandInServices } from './support/stand-in-services';
import { startTestIntake, type TestIntake } from './support/test-intake';
import { makeTestTls, type TestTls } from './support/test-tls';

const KEY = 'mw_live_refusals_key';
const SENDER = 'app@sender.test';
const POOL = 'pool+0b5c2f3e-8d6a-4f7e-9c1b-2a3d4e5f6a7b@mailwright.test';

let services: StandInServices;
let tls: TestTls;
let intake: TestIntake;
const open: SmtpDialog[] = [];

beforeAll(async () => {
  services = await startStandInServices();
  services.apiKeys.set(KEY, { apiKeyId: 'key-1', userId: 'user-1', isActive: true, scopes: ['send', 'read'] });
  services.apiKeys.set('mw_live_inactive', { apiKeyId: 'key-2', userId: 'user-1', isActive: false, scopes: ['send', 'read'] });
  services.apiKeys.set('mw_live_free', { apiKeyId: 'key-3', userId: 'free-user', isActive: true, scopes: ['send', 'read'] });
  services.apiKeys.set('mw_live_reader', { apiKeyId: 'key-4', userId: 'user-1', isActive: true, scopes: ['read'] });
  services.senders.set('user-1', new Set([SENDER]));
  tls = makeTestTls();
  intake = await startTestIntake(services, tls, { SMTP_INTAKE_ACCEPT_TIMEOUT_MS: '500' });
});

afterEach(() => {
  services.failures.clear();
  services.acceptDelayMs = 0;
  for (const dialog of open.splice(0)) dialog.close();
});

afterAll(async () => {
  await intake?.close();
  await services?.close();
  tls?.remove();
});

const dialog = async (key?: string) => {
  const opened = key ? await SmtpDialog.signedIn(intake.smtpPort, key) : await SmtpDialog.open(intake.smtpPort);
  open.push(opened);
  return opened;
};

const message = (subject: string) =>
  `From: ${SENDER}\r\nTo: a@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${randomBytes(6).toString('hex')}@t>\r\n\r\nHello\r\n`;

/** MAIL, RCPT, DATA and the message; the reply to the final dot. */
async function submit(session: SmtpDialog, body = message('hi'), from = SENDER): Promise<{ code: number; text: string }> {
  expect((await session.command(`MAIL FROM:<${from}>`)).code).toBe(250);
  expect((await session.command('RCPT TO:<a@example.com>')).code).toBe(250);
  expect((await session.command('DATA')).code).toBe(354);
  session.write(`${body}.\r\n`);
  return session.reply();
}

async function stillAnswers(): Promise<void> {
  const session = await dialog(KEY);
  expect((await submit(session)).code).toBe(250);
}

describe('the greeting and the session rules', () => {
  it('advertises STARTTLS, AUTH PLAIN LOGIN, 8BITMIME, SMTPUTF8, PIPELINING and the size limit', async () => {
    const ehlo = await (await dialog()).command('EHLO client.test');
    expect(ehlo.code).toBe(250);
    for (const line of ['STARTTLS', 'AUTH PLAIN LOGIN', '8BITMIME', 'SMTPUTF8', 'PIPELINING']) expect(ehlo.text).toContain(line);
    expect(ehlo.text).toContain(`SIZE ${SMTP_INTAKE_LIMITS.messageMaxBytes}`);
  });

  it('refuses MAIL before AUTH', async () => {
    const session = await dialog();
    await session.command('EHLO client.test');
    expect(await session.command(`MAIL FROM:<${SENDER}>`)).toEqual({
      code: 530,
      text: `5.7.0 ${SMTP_INTAKE_MESSAGES.authRequired}`,
    });
  });

  it('asks for STARTTLS before AUTH when the listener is not on loopback', async () => {
    const exposed = await startTestIntake(services, tls, { SMTP_INTAKE_HOST: '0.0.0.0' });
    try {
      const session = await SmtpDialog.open(exposed.smtpPort);
      open.push(session);
      expect((await session.command('EHLO client.test')).text).toContain('STARTTLS');
      expect(await session.command(`AUTH PLAIN ${Buffer.from(`\0app\0${KEY}`).toString('base64')}`)).toEqual({
        code: 538,
        text: `Error: ${SMTP_INTAKE_MESSAGES.authBeforeTls}`,
      });
      session.close();
    } finally {
      await exposed.close();
    }
  });

  it('offers no other AUTH mechanism', async () => {
    const session = await dialog();
    await session.command('EHLO client.test');
    expect((await session.command('AUTH CRAM-MD5')).code).toBe(504);
  });
});

describe('sign-in', () => {
  const signIn = (pass: string) =>
    nodemailer
      .createTransport({
        host: '127.0.0.1',
        port: intake.smtpPort,
        requireTLS: true,
        tls: { ca: tls.cert, servername: 'localhost' },
        auth: { user: 'app', pass },
      })
      .verify()
      .then(
        () => 'signed in',
        (error: { response?: string }) => error.response,
      );

  it('refuses an unknown key, an inactive key, a read-only key and a plan without API access with 535 5.7.8', async () => {
    expect(await signIn('mw_live_nobody')).toBe(`535 5.7.8 ${SMTP_INTAKE_MESSAGES.invalidKey}`);
    expect(await signIn('mw_live_reader')).toBe(`535 5.7.8 ${API_KEY_SCOPE_MESSAGES.send}`);
    expect(await signIn('mw_live_inactive')).toBe(`535 5.7.8 ${SMTP_INTAKE_MESSAGES.inactiveKey}`);
    expect(await signIn('mw_live_free')).toBe(`535 5.7.8 ${MAIL_MESSAGES.apiAccessRequired}`);
    expect(await signIn(KEY)).toBe('signed in');
  });

  it('answers 454 4.7.0 while identity is unavailable', async () => {
    services.failures.set('/internal/api-keys/resolve', {
      status: 503,
      body: { message: 'down', code: 'SERVICE_UNAVAILABLE' },
    });
    expect(await signIn(KEY)).toBe(`454 4.7.0 ${SMTP_INTAKE_MESSAGES.unavailable}`);
  });

  it("refuses for good, with identity's reason, a key whose owner the operator disabled", async () => {
    const disabled = 'This account has been disabled. Contact the operator of this Mailwright installation.';
    services.failures.set('/internal/api-keys/resolve', { status: 403, body: { message: disabled, code: 'FORBIDDEN' } });
    expect(await signIn(KEY)).toBe(`535 5.7.8 ${disabled}`);
  });
});

describe('the envelope', () => {
  it('refuses a MAIL FROM that is not a sender of the key owner with 550 5.7.1 and the reason', async () => {
    const session = await dialog(KEY);
    expect(await session.command('MAIL FROM:<ceo@bank.example>')).toEqual({
      code: 550,
      text: `5.7.1 ${SMTP_INTAKE_MESSAGES.notYourSender('ceo@bank.example')}`,
    });
    expect(await session.command('MAIL FROM:<>')).toEqual({
      code: 550,
      text: `5.7.1 ${SMTP_INTAKE_MESSAGES.notYourSender('<>')}`,
    });
    expect((await submit(session, message('after refusal'))).code).toBe(250);
  });

  it('accepts a pool+<id>@ address as MAIL FROM', async () => {
    expect((await submit(await dialog(KEY), message('pool'), POOL)).code).toBe(250);
    expect(services.messages.at(-1)?.mailFrom).toBe(POOL);
  });

  it(`accepts ${SMTP_INTAKE_LIMITS.recipientsMax} recipients, pipelined, and answers 452 4.5.3 past them`, async () => {
    const session = await dialog(KEY);
    const max = SMTP_INTAKE_LIMITS.recipientsMax;
    const lines = [`MAIL FROM:<${SENDER}>`];
    for (let i = 0; i <= max; i++) lines.push(`RCPT TO:<r${i}@example.com>`);
    session.write(`${lines.join('\r\n')}\r\n`);
    const replies = await session.replies(max + 2);
    expect(replies.slice(0, max + 1).every((reply) => reply.code === 250)).toBe(true);
    expect(replies.at(-1)).toEqual({ code: 452, text: `4.5.3 ${SMTP_INTAKE_MESSAGES.tooManyRecipients}` });
    expect((await session.command('DATA')).code).toBe(354);
    session.write(`${message('many')}.\r\n`);
    expect((await session.reply()).code).toBe(250);
    expect(services.messages.at(-1)?.recipients).toHaveLength(max);
  });

  it('asks mail about a MAIL FROM once per session, and again in a new session', async () => {
    const first = services.senderChecks;
    const session = await dialog(KEY);
    for (const subject of ['one', 'two', 'three']) expect((await submit(session, message(subject))).code).toBe(250);
    expect(services.senderChecks - first).toBe(1);
    expect((await submit(await dialog(KEY), message('four'))).code).toBe(250);
    expect(services.senderChecks - first).toBe(2);
  });

  it('refuses a recipient that is not an address', async () => {
    const session = await dialog(KEY);
    await session.command(`MAIL FROM:<${SENDER}>`);
    expect((await session.command('RCPT TO:<not-an-address>')).code).toBeGreaterThanOrEqual(500);
    expect((await session.command('RCPT TO:<a@b>')).code).toBe(250);
  });

  // smtp-server's own parser refuses them first (501); checkSender and checkRecipient refuse them too (553, unit tests).
  it('refuses a NUL or control character in MAIL FROM and RCPT TO for good, asking mail nothing, and goes on', async () => {
    const session = await dialog(KEY);
    const checks = services.senderChecks;
    for (const from of ['app\u0000@sender.test', 'app\u0001@sender.test', 'app@sender.test\u007f']) {
      expect((await session.command(`MAIL FROM:<${from}>`)).code, JSON.stringify(from)).toBeGreaterThanOrEqual(500);
    }
    expect(services.senderChecks).toBe(checks);
    expect((await session.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
    for (const to of ['a\u0000b@example.com', 'a\u001b@example.com', 'a@example.com\u0085']) {
      expect((await session.command(`RCPT TO:<${to}>`)).code, JSON.stringify(to)).toBeGreaterThanOrEqual(500);
    }
    expect((await session.command('RCPT TO:<a@example.com>')).code).toBe(250);
    expect((await session.command('DATA')).code).toBe(354);
    session.write(`${message('after control characters')}.\r\n`);
    expect((await session.reply()).code).toBe(250);
    expect(services.messages.at(-1)?.recipients).toEqual(['a@example.com']);
  });
});

describe('the message', () => {
  it('refuses a message over the size limit with 552 5.3.4, stores nothing and keeps answering', async () => {
    const session = await dialog(KEY);
    const before = services.messages.length;
    await session.command(`MAIL FROM:<${SENDER}>`);
    await session.command('RCPT TO:<a@example.com>');
    expect((await session.command('DATA')).code).toBe(354);
    const line = `${'x'.repeat(998)}\r\n`;
    const chunk = line.repeat(1024);
    let sent = 0;
    while (sent <= SMTP_INTAKE_LIMITS.messageMaxBytes) {
      session.write(chunk);
      sent += chunk.length;
    }
    session.write('.\r\n');
    expect(await session.reply(30_000)).toEqual({ code: 552, text: `5.3.4 ${SMTP_INTAKE_MESSAGES.tooLarge}` });
    expect(services.messages).toHaveLength(before);
    expect((await submit(session, message('after oversize'))).code).toBe(250);
  });

  it('refuses an empty message', async () => {
    const session = await dialog(KEY);
    expect(await submit(session, '')).toEqual({
      code: 550,
      text: `5.6.0 ${SMTP_INTAKE_MESSAGES.malformed('the message is empty')}`,
    });
  });

  it('hands 8-bit garbage to the mail service byte for byte, and relays its refusal as 550 5.6.0', async () => {
    const garbage = Buffer.concat([Buffer.from('\xff\xfe\x00\x80garbage\r\n.dot\r\n', 'latin1'), randomBytes(4096)]);
    // Dot-stuffing on the wire; the intake undoes it, so mail gets the garbage and the CRLF before the final dot.
    const wire = Buffer.from(garbage.toString('latin1').replace(/\r\n\./g, '\r\n..'), 'latin1');
    const sendGarbage = async () => {
      const session = await dialog(KEY);
      await session.command(`MAIL FROM:<${SENDER}>`);
      await session.command('RCPT TO:<a@example.com>');
      await session.command('DATA');
      session.write(Buffer.concat([wire, Buffer.from('\r\n.\r\n')]));
      return session.reply();
    };
    expect((await sendGarbage()).code).toBe(250);
    expect(services.messages.at(-1)?.bytes.equals(Buffer.concat([garbage, Buffer.from('\r\n')]))).toBe(true);

    const refusal = SMTP_INTAKE_MESSAGES.malformed('no From header');
    services.failures.set('/internal/smtp/messages', { status: 400, body: { message: refusal, code: 'VALIDATION_ERROR' } });
    expect(await sendGarbage()).toEqual({ code: 550, text: `5.6.0 ${refusal}` });
    services.failures.clear();
    await stillAnswers();
  });

  it('answers pipelined junk and 8-bit commands one reply each, then still serves', async () => {
    const session = await dialog();
    session.write(
      Buffer.from('EHLO x\r\nFOO\r\nBAR baz\r\n\xff\xfe\x01\r\nMAIL FROM:<broken\r\nRCPT TO:<a@b.c>\r\nNOOP\r\n', 'latin1'),
    );
    const replies = await session.replies(7);
    expect(replies.map((reply) => reply.code)).toEqual([250, 500, 500, 500, 530, 530, 250]);
    await stillAnswers();
  });

  const mailRefusals = [
    ['QUOTA_EXCEEDED', 429, 'Monthly email limit reached (3000 emails)', '452 4.2.2'],
    ['API_ACCESS_REQUIRED', 403, MAIL_MESSAGES.apiAccessRequired, '550 5.7.1'],
    ['IDEMPOTENCY_KEY_REUSED', 409, 'This idempotency key was used for another message', '550 5.7.1'],
    ['NOT_FOUND', 404, SMTP_INTAKE_MESSAGES.fromMismatch('x@y.z', SENDER), '550 5.7.1'],
    ['UNPROCESSABLE', 422, SMTP_INTAKE_MESSAGES.fromMissing, '550 5.6.0'],
  ] as const;
  for (const [code, status, text, expected] of mailRefusals) {
    it(`relays mail's ${code} as ${expected} with its message`, async () => {
      services.failures.set('/internal/smtp/messages', { status, body: { message: text, code } });
      const before = services.messages.length;
      const reply = await submit(await dialog(KEY));
      expect(`${reply.code} ${reply.text}`).toBe(`${expected} ${text}`);
      expect(services.messages).toHaveLength(before);
    });
  }

  for (const status of [500, 502, 503]) {
    it(`answers 451 4.3.0 when mail answers ${status}, so the client retries`, async () => {
      services.failures.set('/internal/smtp/messages', { status, body: { message: 'broken', code: 'INTERNAL_ERROR' } });
      expect(await submit(await dialog(KEY))).toEqual({ code: 451, text: `4.3.0 ${SMTP_INTAKE_MESSAGES.unavailable}` });
    });
  }

  it('answers 451 4.3.0 when mail does not answer in time', async () => {
    services.acceptDelayMs = 1_500;
    expect(await submit(await dialog(KEY))).toEqual({ code: 451, text: `4.3.0 ${SMTP_INTAKE_MESSAGES.unavailable}` });
  });
});
