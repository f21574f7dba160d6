// Mailbox feedback (issue 21): the owner's opt-in and IMAP settings, the state shown on the account, and the
// endpoints the mail worker reads mailboxes through (readers, mailbox access, state reports).
import { randomUUID } from 'node:crypto';
import { FEEDBACK_MESSAGES } from '@mailwright/contracts';
import { SecretBox } from '@mailwright/kit';
import { type SmtpPeer, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { Events } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { TEST_ENCRYPTION_KEY, testConfig } from './helpers/config';
import { connectMailbox } from './helpers/connect-flow';
import { type Harness, startHarness } from './helpers/harness';
import { type MockProvider, oauthEnv, startGoogle, startMicrosoft } from './helpers/oauth-servers';
import { startSmtpPeer } from './helpers/smtp-peer';

const SMTP_PASSWORD = 's3cret-pass';
const GMAIL_SEND_ONLY = ['https://www.googleapis.com/auth/gmail.send', 'openid', 'email', 'profile'];
const OUTLOOK_SEND_ONLY = ['offline_access', 'Mail.Send', 'User.Read', 'openid', 'email', 'profile'];

let t: Harness;
let smtp: SmtpPeer;
let google: MockProvider;
let microsoft: MockProvider;

beforeAll(async () => {
  smtp = await startSmtpPeer({ u: SMTP_PASSWORD, u2: 'other-pass' });
  google = await startGoogle({ email: 'ada@gmail.test', name: 'Ada Lovelace' });
  microsoft = await startMicrosoft({ email: 'grace@outlook.test', name: 'Grace Hopper' });
  t = await startHarness('feedback', { env: oauthEnv(google, microsoft) });
});

afterAll(async () => {
  await t?.close();
  await google?.stop();
  await microsoft?.stop();
  await smtp?.stop();
});

type Account = { id: string; feedback: Record<string, unknown> } & Record<string, unknown>;

async function addSmtp(userId: string, email = `${randomUUID()}@example.com`): Promise<Account> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/email-accounts/smtp',
    headers: await userHeaders(userId),
    payload: { email, host: smtp.host, port: smtp.port, username: 'u', password: SMTP_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function addOAuth(userId: string, provider: 'gmail' | 'outlook', grantOnly?: string[]): Promise<string> {
  const mock = provider === 'gmail' ? google : microsoft;
  mock.grantOnly = grantOnly;
  await connectMailbox(t.app, userId, provider);
  const { rows } = await t.raw.query('select id from accounts.email_accounts where user_id = $1 and provider = $2', [
    userId,
    provider,
  ]);
  return rows[0].id as string;
}

async function putFeedback(userId: string, id: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: `/email-accounts/${id}/feedback`, headers: await userHeaders(userId), payload });
}

async function accountOf(userId: string, id: string): Promise<Account> {
  const response = await t.app.inject({ method: 'GET', url: '/email-accounts', headers: await userHeaders(userId) });
  const account = (response.json().data as Account[]).find((candidate) => candidate.id === id);
  if (!account) throw new Error(`account ${id} not listed`);
  return account;
}

async function mailbox(id: string) {
  return t.app.inject({ method: 'GET', url: `/internal/accounts/${id}/mailbox`, headers: await serviceHeaders('mail-worker') });
}

async function report(id: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/internal/accounts/${id}/feedback-state`,
    headers: await serviceHeaders('mail-worker'),
    payload,
  });
}

type Reader = { accountId: string; userId: string; provider: string; generation: string };

/** Every reader, walked a page of `limit` at a time. */
async function allReaders(limit = 500): Promise<Reader[]> {
  const readers: Reader[] = [];
  for (let after = ''; ; ) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/internal/mailbox-readers?limit=${limit}${after ? `&after=${after}` : ''}`,
      headers: await serviceHeaders('mail-worker'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().data as Reader[];
    readers.push(...page);
    if (page.length < limit) return readers;
    after = page.at(-1)?.accountId ?? '';
  }
}

const generationOf = async (id: string) =>
  (await t.raw.query('select feedback_generation from accounts.email_accounts where id = $1', [id])).rows[0]
    .feedback_generation as string;

describe('the feedback of a new account', () => {
  it('is enabled and pending for a new SMTP account, with the default IMAP settings', async () => {
    const account = await addSmtp(randomUUID());
    expect(account.feedback).toEqual({ enabled: true, state: 'pending', lastCheckedAt: null, error: null, imap: null });
  });

  it('is enabled for a new Gmail account granted the read scope, which is recorded', async () => {
    const userId = randomUUID();
    const id = await addOAuth(userId, 'gmail');
    expect((await accountOf(userId, id)).feedback).toEqual({
      enabled: true,
      state: 'pending',
      lastCheckedAt: null,
      error: null,
      imap: null,
    });
    const { rows } = await t.raw.query('select granted_scopes from accounts.email_accounts where id = $1', [id]);
    expect(rows[0].granted_scopes).toContain('https://www.googleapis.com/auth/gmail.readonly');
  });

  it('is off for accounts from before the migration (the column default)', async () => {
    const userId = randomUUID();
    const id = await addOAuth(userId, 'gmail');
    await t.raw.query('update accounts.email_accounts set feedback_enabled = default, granted_scopes = null where id = $1', [id]);
    expect((await accountOf(userId, id)).feedback).toMatchObject({ enabled: false, state: 'off', error: null });
    // Enabling it shows the reconnect it needs: it was connected with send access only.
    const enabled = await putFeedback(userId, id, { enabled: true });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.feedback).toMatchObject({
      enabled: true,
      state: 'needs_reconnect',
      error: FEEDBACK_MESSAGES.gmailNeedsReadScope,
    });
  });
});

describe('PUT /email-accounts/:id/feedback', () => {
  it("answers 404 for another user's account and for unknown or malformed ids", async () => {
    const owner = randomUUID();
    const account = await addSmtp(owner);
    for (const id of [account.id, randomUUID(), 'not-a-uuid']) {
      const response = await putFeedback(randomUUID(), id, { enabled: false });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Email account not found', code: 'NOT_FOUND' });
    }
    expect((await accountOf(owner, account.id)).feedback).toMatchObject({ enabled: true });
  });

  it('refuses IMAP settings on a Gmail or Outlook account with 400 naming imap', async () => {
    const userId = randomUUID();
    for (const provider of ['gmail', 'outlook'] as const) {
      const id = await addOAuth(userId, provider);
      for (const imap of [{ host: 'imap.example.com' }, null]) {
        const response = await putFeedback(userId, id, { enabled: true, imap });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: FEEDBACK_MESSAGES.imapOnlyForSmtp,
          code: 'VALIDATION_ERROR',
          field: 'imap',
        });
      }
    }
  });

  it('refuses an IMAP host that does not resolve, and bad ports, naming the field', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId);
    const unresolvable = await putFeedback(userId, account.id, { enabled: true, imap: { host: 'no-such-host.invalid' } });
    expect(unresolvable.statusCode).toBe(400);
    expect(unresolvable.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'imap.host' });
    expect(unresolvable.json().message).toMatch(/IMAP settings: the host no-such-host\.invalid could not be resolved/);
    const badPort = await putFeedback(userId, account.id, { enabled: true, imap: { host: smtp.host, port: '70000' } });
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'imap.port' });
    const extra = await putFeedback(userId, account.id, { enabled: true, imap: { host: smtp.host, tls: 'maybe' } });
    expect(extra.statusCode).toBe(400);
    expect((await accountOf(userId, account.id)).feedback).toMatchObject({ imap: null });
  });

  it('refuses an IMAP host on a private address unless private targets are allowed (as for SMTP hosts)', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId);
    const strict: FastifyInstance = await buildApp(testConfig(t.database.url, { ALLOW_PRIVATE_TARGETS: 'false' }));
    try {
      const response = await strict.inject({
        method: 'PUT',
        url: `/email-accounts/${account.id}/feedback`,
        headers: await userHeaders(userId),
        payload: { enabled: true, imap: { host: '127.0.0.1' } },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The IMAP host 127.0.0.1 resolves to a private or loopback address, which this server does not allow',
        code: 'VALIDATION_ERROR',
        field: 'imap.host',
      });
    } finally {
      await strict.close();
    }
  });

  it('fills the IMAP defaults: port 993 with TLS, port 143 without, the SMTP username', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId);
    const tls = await putFeedback(userId, account.id, { enabled: true, imap: { host: smtp.host } });
    expect(tls.statusCode, tls.body).toBe(200);
    expect(tls.json().data.feedback.imap).toEqual({ host: smtp.host, port: 993, secure: true, username: 'u' });
    const plain = await putFeedback(userId, account.id, { enabled: true, imap: { host: smtp.host, port: '143' } });
    expect(plain.json().data.feedback.imap).toEqual({ host: smtp.host, port: 143, secure: false, username: 'u' });
    const starttlsOff = await putFeedback(userId, account.id, {
      enabled: true,
      imap: { host: smtp.host, port: 143, secure: true, username: 'reader' },
    });
    expect(starttlsOff.json().data.feedback.imap).toEqual({ host: smtp.host, port: 143, secure: true, username: 'reader' });
    const reset = await putFeedback(userId, account.id, { enabled: true, imap: null });
    expect(reset.json().data.feedback.imap).toBeNull();
  });

  it('keeps the IMAP password write-only: stored sealed, kept when left out, never in a user-facing answer', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId);
    const set = await putFeedback(userId, account.id, {
      enabled: true,
      imap: { host: smtp.host, port: 1993, username: 'imap-user', password: 'imap-only-secret' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.body).not.toContain('imap-only-secret');
    expect(JSON.stringify(set.json().data.feedback)).not.toMatch(/password/i);
    const list = await t.app.inject({ method: 'GET', url: '/email-accounts', headers: await userHeaders(userId) });
    expect(list.body).not.toContain('imap-only-secret');
    expect(list.body).not.toContain(SMTP_PASSWORD);

    const { rows } = await t.raw.query('select * from accounts.email_accounts where id = $1', [account.id]);
    expect(JSON.stringify(rows[0])).not.toContain('imap-only-secret');
    expect(new SecretBox(TEST_ENCRYPTION_KEY).open(rows[0].imap_password_sealed)).toBe('imap-only-secret');

    // A change without a password keeps the stored one.
    await putFeedback(userId, account.id, { enabled: true, imap: { host: smtp.host, port: 1994, username: 'imap-user' } });
    const kept = await mailbox(account.id);
    expect(kept.json().data.imap).toEqual({
      host: smtp.host,
      port: 1994,
      secure: true,
      username: 'imap-user',
      password: 'imap-only-secret',
    });
  });
});

describe('the feedback generation', () => {
  it('changes when the opt-in or the IMAP settings change, and only then', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId);
    const first = await generationOf(account.id);
    await putFeedback(userId, account.id, { enabled: true });
    expect(await generationOf(account.id)).toBe(first);

    await putFeedback(userId, account.id, { enabled: false });
    const off = await generationOf(account.id);
    expect(off).not.toBe(first);
    await putFeedback(userId, account.id, { enabled: true });
    const on = await generationOf(account.id);
    expect(on).not.toBe(off);

    await putFeedback(userId, account.id, { enabled: true, imap: { host: smtp.host, port: 993 } });
    const withImap = await generationOf(account.id);
    expect(withImap).not.toBe(on);
    await putFeedback(userId, account.id, { enabled: true, imap: { host: smtp.host, port: 993 } });
    expect(await generationOf(account.id)).toBe(withImap);
    await putFeedback(userId, account.id, { enabled: true, imap: { host: smtp.host, port: 993, password: 'new' } });
    expect(await generationOf(account.id)).not.toBe(withImap);
  });

  it('changes when an SMTP edit moves the mailbox read with the SMTP sign-in', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId);
    const before = await generationOf(account.id);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/email-accounts/${account.id}`,
      headers: await userHeaders(userId),
      payload: { host: smtp.host, port: smtp.port, username: 'u2', password: 'other-pass' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await generationOf(account.id)).not.toBe(before);
    expect((await mailbox(account.id)).json().data.imap).toMatchObject({ username: 'u2', password: 'other-pass' });
  });

  it('changes on a reconnect, which keeps the opt-in and records the newly granted scopes', async () => {
    const userId = randomUUID();
    const id = await addOAuth(userId, 'gmail', GMAIL_SEND_ONLY);
    const before = await generationOf(id);
    expect((await accountOf(userId, id)).feedback).toMatchObject({
      enabled: true,
      state: 'needs_reconnect',
      error: FEEDBACK_MESSAGES.gmailNeedsReadScope,
    });
    expect(await addOAuth(userId, 'gmail')).toBe(id);
    expect(await generationOf(id)).not.toBe(before);
    expect((await accountOf(userId, id)).feedback).toMatchObject({ enabled: true, state: 'pending', error: null });
  });
});

describe('GET /internal/mailbox-readers', () => {
  it('lists only mailboxes with reading enabled that can be read, in id order, a page at a time', async () => {
    const userId = randomUUID();
    const smtpOn = await addSmtp(userId);
    const smtpOff = await addSmtp(userId);
    await putFeedback(userId, smtpOff.id, { enabled: false });
    const smtpNeedsReconnect = await addSmtp(userId);
    await t.raw.query(
      "update accounts.email_accounts set health_state = 'needs_reconnect', health_reason = 'auth_failed' where id = $1",
      [smtpNeedsReconnect.id],
    );
    const gmailReadable = await addOAuth(userId, 'gmail');
    const outlookSendOnly = await addOAuth(userId, 'outlook', OUTLOOK_SEND_ONLY);
    const otherUser = randomUUID();
    const outlookReadable = await addOAuth(otherUser, 'outlook');
    const gmailSendOnly = await addOAuth(otherUser, 'gmail', GMAIL_SEND_ONLY);
    const revokedUser = randomUUID();
    const gmailRevoked = await addOAuth(revokedUser, 'gmail');
    await t.raw.query("update accounts.email_accounts set status = 'needs_reconnect' where id = $1", [gmailRevoked]);

    const readers = await allReaders();
    const ids = readers.map((reader) => reader.accountId);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining([smtpOn.id, gmailReadable, outlookReadable]));
    for (const id of [smtpOff.id, smtpNeedsReconnect.id, outlookSendOnly, gmailSendOnly, gmailRevoked]) {
      expect(ids, id).not.toContain(id);
    }
    expect(readers.find((reader) => reader.accountId === smtpOn.id)).toEqual({
      accountId: smtpOn.id,
      userId,
      provider: 'smtp',
      generation: await generationOf(smtpOn.id),
    });
    expect(readers.find((reader) => reader.accountId === outlookReadable)).toMatchObject({ provider: 'outlook' });
    // Pages of one walk the same list.
    expect(await allReaders(1)).toEqual(readers);
  });

  it('refuses a malformed cursor naming after, and user callers', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/internal/mailbox-readers?after=nope',
      headers: await serviceHeaders('mail-worker'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'after' });
    const user = await t.app.inject({
      method: 'GET',
      url: '/internal/mailbox-readers',
      headers: await userHeaders(randomUUID()),
    });
    expect(user.statusCode).toBe(403);
  });
});

describe('GET /internal/accounts/:accountId/mailbox', () => {
  it('gives an SMTP account the SMTP host and sign-in on port 993 with TLS by default', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId, 'reader@example.com');
    const response = await mailbox(account.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      provider: 'smtp',
      accountId: account.id,
      userId,
      email: 'reader@example.com',
      generation: await generationOf(account.id),
      imap: { host: smtp.host, port: 993, secure: true, username: 'u', password: SMTP_PASSWORD },
    });
  });

  it('gives Gmail and Outlook a fresh access token and their API base', async () => {
    const userId = randomUUID();
    const gmail = await addOAuth(userId, 'gmail');
    const outlook = await addOAuth(userId, 'outlook');
    const fromGmail = (await mailbox(gmail)).json().data;
    expect(fromGmail).toMatchObject({ provider: 'gmail', accountId: gmail, userId, apiUrl: `${google.url}/gmail` });
    expect(fromGmail.accessToken).toMatch(/^ey/);
    const fromOutlook = (await mailbox(outlook)).json().data;
    expect(fromOutlook).toMatchObject({ provider: 'outlook', accountId: outlook, graphUrl: `${microsoft.url}/v1.0` });
    expect(fromOutlook.accessToken).toMatch(/^ey/);
  });

  it('answers 404 when reading is off or the account does not exist, 409 when the grant cannot read', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId);
    await putFeedback(userId, account.id, { enabled: false });
    expect((await mailbox(account.id)).statusCode).toBe(404);
    expect((await mailbox(randomUUID())).statusCode).toBe(404);
    expect((await mailbox('not-a-uuid')).statusCode).toBe(404);

    const sendOnly = await addOAuth(userId, 'gmail', GMAIL_SEND_ONLY);
    const refused = await mailbox(sendOnly);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: FEEDBACK_MESSAGES.gmailNeedsReadScope, code: 'ACCOUNT_NEEDS_RECONNECT' });

    const revoked = await addOAuth(userId, 'outlook');
    await t.raw.query("update accounts.email_accounts set status = 'needs_reconnect' where id = $1", [revoked]);
    const revokedAnswer = await mailbox(revoked);
    expect(revokedAnswer.statusCode).toBe(409);
    expect(revokedAnswer.json().code).toBe('ACCOUNT_NEEDS_RECONNECT');
  });

  it('refreshes a send-only Outlook grant without asking for the read scope it was never given', async () => {
    const userId = randomUUID();
    const id = await addOAuth(userId, 'outlook', OUTLOOK_SEND_ONLY);
    const asked: string[] = [];
    const record = (_response: unknown, request: { body: unknown }) => {
      const body = request.body as Record<string, unknown>;
      if (body.grant_type === 'refresh_token') asked.push(String(body.scope));
    };
    microsoft.server.service.on(Events.BeforeResponse, record);
    try {
      await t.raw.query('update accounts.email_accounts set access_token_expires_at = now() where id = $1', [id]);
      const response = await t.app.inject({
        method: 'GET',
        url: `/internal/accounts/${id}/transport`,
        headers: await serviceHeaders('mail-worker'),
      });
      expect(response.statusCode).toBe(200);
    } finally {
      microsoft.server.service.off(Events.BeforeResponse, record);
    }
    expect(asked).toHaveLength(1);
    expect(asked[0]?.split(' ')).toContain('Mail.Send');
    expect(asked[0]?.split(' ')).not.toContain('Mail.Read');
  });
});

describe('POST /internal/accounts/:accountId/feedback-state', () => {
  it('stores a report for the current generation and shows it on the account', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId);
    const generation = await generationOf(account.id);
    const checkedAt = '2026-11-25T10:00:00.000Z';
    const reading = await report(account.id, { generation, state: 'reading', checkedAt, error: null });
    expect(reading.statusCode).toBe(200);
    expect(reading.json().data).toEqual({ enabled: true, state: 'reading', lastCheckedAt: checkedAt, error: null, imap: null });
    expect((await accountOf(userId, account.id)).feedback).toMatchObject({ state: 'reading', lastCheckedAt: checkedAt });

    const failed = await report(account.id, {
      generation,
      state: 'error',
      checkedAt: '2026-11-25T10:05:00Z',
      error: 'IMAP login failed',
    });
    expect(failed.json().data).toMatchObject({ state: 'error', error: 'IMAP login failed' });
    expect((await accountOf(userId, account.id)).feedback).toMatchObject({
      state: 'error',
      error: 'IMAP login failed',
      lastCheckedAt: '2026-11-25T10:05:00.000Z',
    });
  });

  it('ignores a report for an earlier generation, and a new generation reads as pending', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId);
    const old = await generationOf(account.id);
    await putFeedback(userId, account.id, { enabled: true, imap: { host: smtp.host } });
    const stale = await report(account.id, {
      generation: old,
      state: 'error',
      checkedAt: new Date().toISOString(),
      error: 'from before the change',
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toMatchObject({ state: 'pending', error: null, lastCheckedAt: null });
    expect((await accountOf(userId, account.id)).feedback).toMatchObject({ state: 'pending', error: null });

    await report(account.id, {
      generation: await generationOf(account.id),
      state: 'reading',
      checkedAt: new Date().toISOString(),
      error: null,
    });
    await putFeedback(userId, account.id, { enabled: false });
    expect((await accountOf(userId, account.id)).feedback).toMatchObject({ enabled: false, state: 'off' });
    await putFeedback(userId, account.id, { enabled: true });
    expect((await accountOf(userId, account.id)).feedback).toMatchObject({ state: 'pending', lastCheckedAt: null });
  });

  it('answers 404 for an unknown account and 400 for a bad body', async () => {
    const body = { generation: 'g', state: 'reading', checkedAt: new Date().toISOString(), error: null };
    expect((await report(randomUUID(), body)).statusCode).toBe(404);
    const account = await addSmtp(randomUUID());
    expect((await report(account.id, { ...body, state: 'off' })).statusCode).toBe(400);
    expect((await report(account.id, { ...body, checkedAt: 'yesterday' })).statusCode).toBe(400);
  });
});
