// Failed sign-ins per client address, counted in Redis over every instance: past the maximum within the window, AUTH
// answers 421 and the connection closes, before any key is looked up; a successful sign-in clears nothing.
import { SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTAKE_TEXTS } from '../src/domain/intake-texts';
import { type IntakePair, startIntakePair } from './support/intake-pair';
import { SmtpDialog } from './support/smtp-dialog';
import type { TestIntake } from './support/test-intake';

const KEY = 'mw_live_throttle_key';
const THROTTLED = `421 4.7.0 ${INTAKE_TEXTS.signInThrottled}`;
const INVALID = `535 5.7.8 ${SMTP_INTAKE_MESSAGES.invalidKey}`;

let pair: IntakePair;
let first: TestIntake;
let second: TestIntake;

beforeAll(async () => {
  pair = await startIntakePair('throttle', { SMTP_INTAKE_AUTH_FAILURES_MAX: '3', SMTP_INTAKE_AUTH_FAILURE_WINDOW_S: '2' });
  ({ first, second } = pair);
  pair.services.apiKeys.set(KEY, { apiKeyId: 'key-1', userId: 'user-1', isActive: true, scopes: ['send', 'read'] });
});

afterEach(() => pair.closeDialogs());

afterAll(() => pair?.close());

async function connect(intake: TestIntake, from = '127.0.0.1'): Promise<SmtpDialog> {
  const dialog = pair.track(await SmtpDialog.open(intake.smtpPort, from));
  await dialog.command('EHLO client.test');
  return dialog;
}

async function auth(dialog: SmtpDialog, key: string): Promise<string> {
  const reply = await dialog.command(`AUTH PLAIN ${Buffer.from(`\0app\0${key}`).toString('base64')}`);
  return `${reply.code} ${reply.text}`;
}

async function waitFor(what: string, probe: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('failed sign-ins per client address', () => {
  it('answers 421 and closes past the maximum over both instances; a success in between clears nothing', async () => {
    const a = await connect(first);
    const b = await connect(second);
    expect(await auth(a, 'mw_live_wrong1')).toBe(INVALID);
    expect(await auth(b, 'mw_live_wrong2')).toBe(INVALID);
    const signedIn = await connect(first);
    expect(await auth(signedIn, KEY)).toMatch(/^235 /);
    expect(await auth(b, 'mw_live_wrong3')).toBe(INVALID);

    // Even the right key is not looked at any more from this address.
    expect(await auth(a, KEY)).toBe(THROTTLED);
    await waitFor('the throttled connection to close', () => a.closed);
    const fresh = await connect(second);
    expect(await auth(fresh, KEY)).toBe(THROTTLED);
    await waitFor('the throttled connection to close', () => fresh.closed);

    // Another address signs in as usual, and the session already signed in keeps working.
    expect(await auth(await connect(first, '127.0.0.2'), KEY)).toMatch(/^235 /);
    expect((await signedIn.command('NOOP')).code).toBe(250);

    expect(await first.metricsText()).toMatch(/smtp_intake_rejections_total\{[^}]*reason="auth_throttled"[^}]*\} 1\n/);
    expect(await second.metricsText()).toMatch(/smtp_intake_rejections_total\{[^}]*reason="auth_throttled"[^}]*\} 1\n/);

    // Once the failures are older than the window, the address may sign in again.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await auth(await connect(first), KEY)).toMatch(/^235 /);
  });
});
