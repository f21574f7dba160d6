// Per-key limits held in Redis (shared by every intake instance), idle clients dropped, and the HTTP listener's
// health, readiness and metrics.
import { SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type IntakePair, startIntakePair } from './support/intake-pair';
import { SmtpDialog } from './support/smtp-dialog';
import type { StandInServices } from './support/stand-in-services';
import type { TestIntake } from './support/test-intake';

const SENDER = 'app@sender.test';
let pair: IntakePair;
let services: StandInServices;
let first: TestIntake;
let second: TestIntake;

beforeAll(async () => {
  // Two instances on one Redis prefix: the limits are the key's, whichever instance it connects to.
  pair = await startIntakePair('limits', {
    SMTP_INTAKE_MAX_CONNECTIONS_PER_KEY: '2',
    SMTP_INTAKE_MESSAGES_PER_MINUTE: '3',
    SMTP_INTAKE_SOCKET_TIMEOUT_MS: '800',
  });
  ({ services, first, second } = pair);
  for (const n of [1, 2, 3])
    services.apiKeys.set(`mw_live_key${n}`, { apiKeyId: `key-${n}`, userId: 'user-1', isActive: true, scopes: ['send', 'read'] });
  services.senders.set('user-1', new Set([SENDER]));
});

afterEach(() => pair.closeDialogs());

afterAll(() => pair?.close());

const track = (dialog: SmtpDialog) => pair.track(dialog);

const authPlain = (key: string) => `AUTH PLAIN ${Buffer.from(`\0app\0${key}`).toString('base64')}`;

async function waitFor(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('connections per API key', () => {
  it('refuses a third connection of a key over both instances with 421, and frees the slot on close', async () => {
    const a = track(await SmtpDialog.signedIn(first.smtpPort, 'mw_live_key1'));
    track(await SmtpDialog.signedIn(second.smtpPort, 'mw_live_key1'));
    const third = track(await SmtpDialog.open(first.smtpPort));
    await third.command('EHLO client.test');
    expect(await third.command(authPlain('mw_live_key1'))).toEqual({
      code: 421,
      text: `4.7.0 ${SMTP_INTAKE_MESSAGES.tooManyConnections}`,
    });
    await waitFor('the refused connection to close', async () => third.closed);
    // Another key is not affected.
    track(await SmtpDialog.signedIn(second.smtpPort, 'mw_live_key2'));

    a.close();
    await waitFor('the slot to be released', async () =>
      SmtpDialog.signedIn(second.smtpPort, 'mw_live_key1').then(
        (dialog) => {
          track(dialog);
          return true;
        },
        () => false,
      ),
    );
  });
});

describe('messages per minute per API key', () => {
  it('answers 451 4.7.1 past the minute allowance, on either instance', async () => {
    // The allowance is per calendar minute: start well inside one.
    const secondOfMinute = new Date().getSeconds();
    if (secondOfMinute >= 57) await new Promise((resolve) => setTimeout(resolve, (61 - secondOfMinute) * 1000));
    const replies: string[] = [];
    for (const intake of [first, second, first, second]) {
      const session = track(await SmtpDialog.signedIn(intake.smtpPort, 'mw_live_key3'));
      const reply = await session.command(`MAIL FROM:<${SENDER}>`);
      replies.push(`${reply.code} ${reply.text}`);
      session.close();
    }
    expect(replies.slice(0, 3).every((reply) => reply.startsWith('250'))).toBe(true);
    expect(replies[3]).toBe(`451 4.7.1 ${SMTP_INTAKE_MESSAGES.rateLimited}`);
  });
});

describe('slow and idle clients', () => {
  it('drops a client that stays silent past the socket timeout with 421', async () => {
    const session = track(await SmtpDialog.open(first.smtpPort));
    const reply = await session.reply(5_000);
    expect(reply.code).toBe(421);
    await waitFor('the connection to close', async () => session.closed);
    // The instance keeps serving.
    const fresh = track(await SmtpDialog.open(first.smtpPort));
    expect((await fresh.command('EHLO client.test')).code).toBe(250);
  });
});

describe('the HTTP listener', () => {
  it('answers /healthz and /readyz (Redis answers)', async () => {
    const base = `http://127.0.0.1:${first.httpPort}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });
  });

  it('exposes connections, accepted messages, bytes and rejections by reason', async () => {
    const session = track(await SmtpDialog.signedIn(first.smtpPort, 'mw_live_key2'));
    expect((await session.command('MAIL FROM:<other@elsewhere.test>')).code).toBe(550);
    await session.command(`MAIL FROM:<${SENDER}>`);
    await session.command('RCPT TO:<a@example.com>');
    await session.command('DATA');
    const body = 'From: app@sender.test\r\nSubject: counted\r\n\r\nHello\r\n';
    session.write(`${body}.\r\n`);
    expect((await session.reply()).code).toBe(250);
    const text = await first.metricsText();
    expect(text).toMatch(/smtp_intake_connections_total\{[^}]*listener="starttls"[^}]*\} [1-9]/);
    expect(text).toMatch(/smtp_intake_rejections_total\{[^}]*reason="not_your_sender"[^}]*\} [1-9]/);
    expect(text).toMatch(/smtp_intake_rejections_total\{[^}]*reason="too_many_connections"[^}]*\} [1-9]/);
    expect(text).toMatch(/smtp_intake_open_connections\{[^}]*listener="starttls"[^}]*\} [1-9]/);
    expect(text).toMatch(/smtp_intake_messages_accepted_total\{[^}]*replayed="false"[^}]*\} 1\n/);
    expect(text).toMatch(new RegExp(`smtp_intake_message_bytes_total\\{[^}]*\\} ${body.length}\\n`));
  });
});
