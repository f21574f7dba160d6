// The endpoints the mail service and worker call: resolve the sending account, and get a ready-to-send transport.
import { randomUUID } from 'node:crypto';
import { ACTIVE_HEALTH } from '@mailwright/contracts';
import { type SmtpPeer, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMailbox } from './helpers/connect-flow';
import { type Harness, startHarness } from './helpers/harness';
import { type MockProvider, oauthEnv, recordGrants, revokeNextGrant, startGoogle, startMicrosoft } from './helpers/oauth-servers';
import { startSmtpPeer } from './helpers/smtp-peer';

let t: Harness;
let smtp: SmtpPeer;
let google: MockProvider;
let microsoft: MockProvider;
let googleGrants: string[];
let microsoftGrants: string[];

async function addSmtp(userId: string, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/email-accounts/smtp',
    headers: await userHeaders(userId),
    payload: { email, displayName: 'SMTP Sender', host: smtp.host, port: smtp.port, username: 'u', password: 's3cret-pass' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string };
}

async function resolve(body: object, headers?: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/internal/accounts/resolve',
    headers: headers ?? (await serviceHeaders('mail')),
    payload: body,
  });
}

async function transport(accountId: string, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/internal/accounts/${accountId}/transport${query}`,
    headers: await serviceHeaders('mail-worker'),
  });
}

async function oauthAccountOf(userId: string, provider: 'gmail' | 'outlook') {
  await connectMailbox(t.app, userId, provider);
  const { rows } = await t.raw.query('select id from accounts.email_accounts where user_id = $1 and provider = $2', [
    userId,
    provider,
  ]);
  return rows[0].id as string;
}

const expireAccessToken = (id: string, interval = '1 minute') =>
  t.raw.query(`update accounts.email_accounts set access_token_expires_at = now() + interval '${interval}' where id = $1`, [id]);

beforeAll(async () => {
  smtp = await startSmtpPeer({ u: 's3cret-pass' });
  google = await startGoogle({ email: 'ada@gmail.test', name: 'Ada Lovelace' });
  microsoft = await startMicrosoft({ email: 'grace@outlook.test', name: 'Grace Hopper' });
  googleGrants = recordGrants(google);
  microsoftGrants = recordGrants(microsoft);
  t = await startHarness('internal', { env: oauthEnv(google, microsoft) });
});

afterAll(async () => {
  await t?.close();
  await google?.stop();
  await microsoft?.stop();
  await smtp?.stop();
});

describe('POST /internal/accounts/resolve', () => {
  it("answers the user's default account when none is named, and the named one otherwise", async () => {
    const userId = randomUUID();
    const first = await addSmtp(userId, 'first@example.com');
    const second = await addSmtp(userId, 'second@example.com');
    const byDefault = await resolve({ userId });
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.json()).toEqual({
      data: { id: first.id, email: 'first@example.com', displayName: 'SMTP Sender', provider: 'smtp' },
    });
    expect((await resolve({ userId, accountId: second.id })).json().data.id).toBe(second.id);
    expect((await resolve({ userId, accountId: null })).json().data.id).toBe(first.id);
  });

  it("answers 404 for someone else's account or a non-uuid id", async () => {
    const owner = randomUUID();
    const account = await addSmtp(owner, 'owner@example.com');
    const other = await resolve({ userId: randomUUID(), accountId: account.id });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'NOT_FOUND', message: 'Email account not found' });
    expect((await resolve({ userId: owner, accountId: 'nope' })).statusCode).toBe(404);
  });

  it("finds the user's account by address, case-insensitively, and never another user's", async () => {
    const userId = randomUUID();
    await addSmtp(userId, 'first@example.com');
    const second = await addSmtp(userId, 'Second@Example.com');
    expect((await resolve({ userId, email: 'second@example.COM' })).json().data.id).toBe(second.id);
    const missing = await resolve({ userId, email: 'third@example.com' });
    expect(missing.statusCode).toBe(404);
    expect((await resolve({ userId: randomUUID(), email: 'second@example.com' })).statusCode).toBe(404);
  });

  it('answers 400 when the user has no account at all', async () => {
    const response = await resolve({ userId: randomUUID() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: 'Add an email account first before sending emails.' });
  });

  it('is for services only', async () => {
    const response = await resolve({ userId: randomUUID() }, await userHeaders(randomUUID()));
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /internal/accounts/:accountId/transport', () => {
  it('gives SMTP settings with the opened password', async () => {
    const userId = randomUUID();
    const account = await addSmtp(userId, 'smtp@example.com');
    const response = await transport(account.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      provider: 'smtp',
      accountId: account.id,
      userId,
      email: 'smtp@example.com',
      displayName: 'SMTP Sender',
      smtp: { host: smtp.host, port: smtp.port, secure: false, username: 'u', password: 's3cret-pass' },
      limits: { perMinute: null, perDay: null, recipientsPerDay: null, concurrency: null },
      health: ACTIVE_HEALTH,
    });
  });

  it("answers 404 for an unknown id, a non-uuid, or another user's account when the owner is given", async () => {
    const account = await addSmtp(randomUUID(), 'mine@example.com');
    expect((await transport(randomUUID())).statusCode).toBe(404);
    expect((await transport('not-a-uuid')).statusCode).toBe(404);
    expect((await transport(account.id, `?userId=${randomUUID()}`)).statusCode).toBe(404);
  });

  it('is for services only', async () => {
    const account = await addSmtp(randomUUID(), 'svc@example.com');
    const response = await t.app.inject({
      method: 'GET',
      url: `/internal/accounts/${account.id}/transport`,
      headers: await userHeaders(randomUUID()),
    });
    expect(response.statusCode).toBe(403);
  });

  it('gives the cached Gmail access token while it is fresh', async () => {
    const userId = randomUUID();
    const id = await oauthAccountOf(userId, 'gmail');
    const issued = google.issued.at(-1)!;
    const refreshesBefore = googleGrants.filter((grant) => grant === 'refresh_token').length;
    const response = await transport(id, `?userId=${userId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      provider: 'gmail',
      accountId: id,
      userId,
      email: 'ada@gmail.test',
      displayName: 'Ada Lovelace',
      accessToken: issued.access_token,
      apiUrl: `${google.url}/gmail`,
      limits: { perMinute: 60, perDay: 2_000, recipientsPerDay: null, concurrency: null },
      health: ACTIVE_HEALTH,
    });
    expect(googleGrants.filter((grant) => grant === 'refresh_token').length).toBe(refreshesBefore);
  });

  it('refreshes a Gmail token within 2 minutes of expiry and caches the new one', async () => {
    const userId = randomUUID();
    const id = await oauthAccountOf(userId, 'gmail');
    const first = google.issued.at(-1)!;
    await expireAccessToken(id, '1 minute');
    const response = await transport(id);
    expect(response.statusCode).toBe(200);
    const refreshed = google.issued.at(-1)!;
    expect(googleGrants.at(-1)).toBe('refresh_token');
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect(response.json().data.accessToken).toBe(refreshed.access_token);
    const { rows } = await t.raw.query(
      'select access_token_sealed, access_token_expires_at from accounts.email_accounts where id = $1',
      [id],
    );
    expect(rows[0].access_token_expires_at.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(JSON.stringify(rows[0])).not.toContain(refreshed.access_token as string);
    // The cached token is served from now on.
    expect((await transport(id)).json().data.accessToken).toBe(refreshed.access_token);
  });

  it('refreshes only once when several workers ask at the same moment', async () => {
    const userId = randomUUID();
    const id = await oauthAccountOf(userId, 'outlook');
    await expireAccessToken(id, '-1 minute');
    const before = microsoftGrants.filter((grant) => grant === 'refresh_token').length;
    const responses = await Promise.all(Array.from({ length: 5 }, () => transport(id)));
    const tokens = new Set(responses.map((response) => response.json().data.accessToken));
    expect(tokens.size).toBe(1);
    expect(microsoftGrants.filter((grant) => grant === 'refresh_token').length).toBe(before + 1);
    expect(responses[0]?.json().data).toMatchObject({ provider: 'outlook', graphUrl: `${microsoft.url}/v1.0` });
  });

  it('marks the account needs_reconnect and answers 409 when the grant was revoked', async () => {
    const userId = randomUUID();
    const id = await oauthAccountOf(userId, 'gmail');
    await expireAccessToken(id, '-1 minute');
    revokeNextGrant(google);
    const response = await transport(id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'ACCOUNT_NEEDS_RECONNECT',
      message: 'The Gmail account ada@gmail.test needs to be reconnected: its authorisation was revoked or has expired',
    });
    const list = await t.app.inject({ method: 'GET', url: '/email-accounts', headers: await userHeaders(userId) });
    expect(list.json().data[0]).toMatchObject({ id, status: 'needs_reconnect' });
    // Without asking the provider again until the user reconnects.
    const grants = googleGrants.length;
    expect((await transport(id)).statusCode).toBe(409);
    expect(googleGrants.length).toBe(grants);
    // Reconnecting brings it back.
    await connectMailbox(t.app, userId, 'gmail');
    expect((await transport(id)).statusCode).toBe(200);
  });

  it('marks an Outlook account needs_reconnect on invalid_grant too', async () => {
    const userId = randomUUID();
    const id = await oauthAccountOf(userId, 'outlook');
    await expireAccessToken(id, '-1 minute');
    revokeNextGrant(microsoft);
    expect((await transport(id)).json().code).toBe('ACCOUNT_NEEDS_RECONNECT');
  });
});
