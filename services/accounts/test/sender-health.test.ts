// Sender health (issue 20): the mail worker pauses a sender, the owner is mailed, the account shows why, and
// resuming it (the resume action, an SMTP edit, a limits edit, a reconnect) tells mail its held emails may go.
import { randomUUID } from 'node:crypto';
import { ACTIVE_HEALTH, SENDER_PAUSE_MESSAGES } from '@mailwright/contracts';
import { type SmtpPeer, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMailbox } from './helpers/connect-flow';
import { type Harness, startHarness } from './helpers/harness';
import { type MockProvider, oauthEnv, revokeNextGrant, startGoogle, startMicrosoft } from './helpers/oauth-servers';
import { type ServiceStandIn, startServiceStandIn } from './helpers/service-stand-in';
import { startSmtpPeer } from './helpers/smtp-peer';

const PASSWORD = 'health-secret-pass';

let t: Harness;
let smtp: SmtpPeer;
let peers: ServiceStandIn;
let google: MockProvider;
let microsoft: MockProvider;

async function call(userId: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, requestId?: string) {
  const headers = { ...(await userHeaders(userId)), ...(requestId ? { 'x-request-id': requestId } : {}) };
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function report(accountId: string, body: object, headers?: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/internal/accounts/${accountId}/health`,
    headers: headers ?? (await serviceHeaders('mail-worker')),
    payload: body,
  });
}

async function transport(accountId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/internal/accounts/${accountId}/transport`,
    headers: await serviceHeaders('mail-worker'),
  });
}

async function addSmtp(userId: string, email: string) {
  const response = await call(userId, 'POST', '/email-accounts/smtp', {
    email,
    host: smtp.host,
    port: smtp.port,
    username: 'health',
    password: PASSWORD,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string };
}

async function healthOf(userId: string, id: string) {
  const list = await call(userId, 'GET', '/email-accounts');
  expect(list.statusCode).toBe(200);
  return (list.json().data as Array<{ id: string; health: unknown; status: string }>).find((account) => account.id === id);
}

const resumedCalls = (accountId: string) => peers.callsTo(new RegExp(`^/internal/senders/${accountId}/resumed$`));
const noticesTo = (userId: string) => peers.callsTo(new RegExp(`^/internal/users/${userId}/notify$`));

const AUTH_PAUSE = { state: 'paused', reason: 'auth_failed', detail: '535 5.7.8 Authentication credentials invalid' };

beforeAll(async () => {
  smtp = await startSmtpPeer({ health: PASSWORD });
  peers = await startServiceStandIn();
  google = await startGoogle({ email: 'ada@gmail.test', name: 'Ada Lovelace' });
  microsoft = await startMicrosoft({ email: 'grace@outlook.test', name: 'Grace Hopper' });
  t = await startHarness('sender_health', {
    env: { ...oauthEnv(google, microsoft), MAIL_URL: peers.url, IDENTITY_URL: peers.url },
  });
});

afterAll(async () => {
  await t?.close();
  await peers?.stop();
  await google?.stop();
  await microsoft?.stop();
  await smtp?.stop();
});

describe('health on the account list and the transport', () => {
  it('shows a new account as active in the list and in the transport the worker reads', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'fresh@example.com');
    expect(await healthOf(userId, id)).toMatchObject({ status: 'active', health: ACTIVE_HEALTH });
    const answer = await transport(id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.health).toEqual(ACTIVE_HEALTH);
  });

  it('shows a revoked Gmail grant as needs_reconnect for grant_revoked, keeps status, and the transport still answers 409', async () => {
    const userId = randomUUID();
    await connectMailbox(t.app, userId, 'gmail');
    const { rows } = await t.raw.query('select id from accounts.email_accounts where user_id = $1', [userId]);
    const id = rows[0].id as string;
    await t.raw.query(`update accounts.email_accounts set access_token_expires_at = now() - interval '1 minute' where id = $1`, [
      id,
    ]);
    revokeNextGrant(google);
    const refused = await transport(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ACCOUNT_NEEDS_RECONNECT');
    expect(await healthOf(userId, id)).toMatchObject({
      status: 'needs_reconnect',
      health: { state: 'needs_reconnect', reason: 'grant_revoked', resumesAt: null },
    });
    // The owner hears of it once, when the grant is found revoked.
    const notice = await peers.nextCall(new RegExp(`^/internal/users/${userId}/notify$`));
    expect(notice).toMatchObject({ method: 'POST', caller: 'accounts' });
    expect((notice.body as { subject: string }).subject).toBe('Reconnect ada@gmail.test to keep sending');
    expect((notice.body as { text: string }).text).toContain(SENDER_PAUSE_MESSAGES.grant_revoked);

    // The worker's report of it records it (changed, for its webhook) without mailing the owner twice.
    const reported = await report(id, { state: 'needs_reconnect', reason: 'grant_revoked', detail: 'invalid_grant' });
    expect(reported.statusCode).toBe(200);
    expect(reported.json().data).toMatchObject({ changed: true, health: { state: 'needs_reconnect', detail: 'invalid_grant' } });
    expect((await report(id, { state: 'needs_reconnect', reason: 'grant_revoked' })).json().data.changed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(noticesTo(userId)).toHaveLength(1);

    // Resume cannot fix a revoked grant; reconnecting does, and tells mail.
    const resume = await call(userId, 'POST', `/email-accounts/${id}/resume`);
    expect(resume.statusCode).toBe(409);
    expect(resume.json().code).toBe('ACCOUNT_NEEDS_RECONNECT');
    expect(resumedCalls(id)).toHaveLength(0);
    await connectMailbox(t.app, userId, 'gmail');
    expect(await healthOf(userId, id)).toMatchObject({ status: 'active', health: ACTIVE_HEALTH });
    expect(resumedCalls(id)).toEqual([
      {
        method: 'POST',
        path: `/internal/senders/${id}/resumed`,
        body: { userId, email: 'ada@gmail.test' },
        caller: 'accounts',
        requestId: expect.any(String),
      },
    ]);
    expect((await transport(id)).statusCode).toBe(200);
  });
});

describe('POST /internal/accounts/:accountId/health', () => {
  it('pauses the sender once: changed is true for the first report and false for the next', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'paused@example.com');
    const first = await report(id, AUTH_PAUSE);
    expect(first.statusCode).toBe(200);
    const { data } = first.json();
    expect(data).toMatchObject({
      changed: true,
      userId,
      email: 'paused@example.com',
      health: { state: 'paused', reason: 'auth_failed', detail: AUTH_PAUSE.detail, resumesAt: null },
    });
    expect(Date.parse(data.health.since)).toBeGreaterThan(Date.now() - 60_000);

    const second = await report(id, { ...AUTH_PAUSE, detail: 'again' });
    expect(second.json().data).toMatchObject({
      changed: false,
      health: { state: 'paused', detail: 'again', since: data.health.since },
    });
    expect(await healthOf(userId, id)).toMatchObject({ status: 'active', health: { state: 'paused', reason: 'auth_failed' } });
    expect((await transport(id)).json().data.health).toMatchObject({ state: 'paused', reason: 'auth_failed' });
  });

  it('mails the owner through identity, once, saying which sender, why, that emails are held and how to resume', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'notified@example.com');
    await report(id, AUTH_PAUSE);
    await report(id, AUTH_PAUSE);
    const notice = await peers.nextCall(new RegExp(`^/internal/users/${userId}/notify$`));
    expect(notice.caller).toBe('accounts');
    const { subject, text } = notice.body as { subject: string; text: string };
    expect(subject).toBe('Sending from notified@example.com is paused');
    expect(text).toContain('notified@example.com');
    expect(text).toContain(SENDER_PAUSE_MESSAGES.auth_failed);
    expect(text).toContain('held, not lost');
    expect(text).toContain('Resume');
    expect(text).toContain('http://app.mailwright.test/email-accounts');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(noticesTo(userId)).toHaveLength(1);
  });

  it('still pauses the sender when identity cannot take the notice', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'unnotified@example.com');
    peers.answer(new RegExp(`^/internal/users/${userId}/notify$`), {
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'down' },
    });
    const response = await report(id, AUTH_PAUSE);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.changed).toBe(true);
  });

  it('reads a provider pause whose resumesAt has passed as active, and a new report then counts as a change', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'suspended@example.com');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const paused = await report(id, { state: 'paused', reason: 'provider_daily_limit', resumesAt: until });
    expect(paused.json().data.health).toMatchObject({ state: 'paused', reason: 'provider_daily_limit', resumesAt: until });
    await t.raw.query(`update accounts.email_accounts set health_resumes_at = now() - interval '1 second' where id = $1`, [id]);
    expect((await healthOf(userId, id))?.health).toEqual(ACTIVE_HEALTH);
    expect((await transport(id)).json().data.health).toEqual(ACTIVE_HEALTH);
    const again = await report(id, { state: 'paused', reason: 'provider_rate_limited', resumesAt: until });
    expect(again.json().data).toMatchObject({ changed: true, health: { reason: 'provider_rate_limited' } });
  });

  it('refuses an unknown or malformed account, a bad body and a caller that is not a service', async () => {
    const { id } = await addSmtp(randomUUID(), 'refusals@example.com');
    expect((await report(randomUUID(), AUTH_PAUSE)).statusCode).toBe(404);
    expect((await report('not-a-uuid', AUTH_PAUSE)).statusCode).toBe(404);
    expect((await report(id, { state: 'active', reason: 'auth_failed' })).statusCode).toBe(400);
    expect((await report(id, { state: 'paused', reason: 'tired' })).statusCode).toBe(400);
    const badTime = await report(id, { state: 'paused', reason: 'provider_rate_limited', resumesAt: 'soon' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'resumesAt' });
    expect((await report(id, AUTH_PAUSE, await userHeaders(randomUUID()))).statusCode).toBe(403);
  });
});

describe('resuming a sender', () => {
  it('resumes through POST /email-accounts/:id/resume and tells mail, once', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'resume@example.com');
    await report(id, AUTH_PAUSE);
    const resumed = await call(userId, 'POST', `/email-accounts/${id}/resume`, undefined, 'req-resume-1');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ id, status: 'active', health: ACTIVE_HEALTH });
    expect(resumedCalls(id)).toEqual([
      {
        method: 'POST',
        path: `/internal/senders/${id}/resumed`,
        body: { userId, email: 'resume@example.com' },
        caller: 'accounts',
        requestId: 'req-resume-1',
      },
    ]);
    // Already active: nothing to tell.
    expect((await call(userId, 'POST', `/email-accounts/${id}/resume`)).statusCode).toBe(200);
    expect(resumedCalls(id)).toHaveLength(1);
  });

  it("answers 404 for another user's account and a malformed id, and leaves the pause alone", async () => {
    const owner = randomUUID();
    const { id } = await addSmtp(owner, 'kept-paused@example.com');
    await report(id, AUTH_PAUSE);
    for (const [userId, target] of [
      [randomUUID(), id],
      [owner, 'not-a-uuid'],
      [owner, randomUUID()],
    ] as const) {
      const response = await call(userId, 'POST', `/email-accounts/${target}/resume`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Email account not found' });
    }
    expect((await healthOf(owner, id))?.health).toMatchObject({ state: 'paused' });
    expect(resumedCalls(id)).toHaveLength(0);
  });

  it('resumes when the owner saves the SMTP settings, and tells mail', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'edited@example.com');
    await report(id, AUTH_PAUSE);
    const saved = await call(userId, 'PUT', `/email-accounts/${id}`, {
      host: smtp.host,
      port: smtp.port,
      username: 'health',
      password: PASSWORD,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.health).toEqual(ACTIVE_HEALTH);
    expect(resumedCalls(id)).toEqual([expect.objectContaining({ body: { userId, email: 'edited@example.com' } })]);
  });

  it('resumes when the owner changes the limits, and tells mail', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'limited@example.com');
    await report(id, { state: 'paused', reason: 'provider_daily_limit', resumesAt: new Date(Date.now() + 60_000).toISOString() });
    const saved = await call(userId, 'PUT', `/email-accounts/${id}/limits`, {
      perMinute: 5,
      perDay: null,
      recipientsPerDay: null,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.health).toEqual(ACTIVE_HEALTH);
    expect(resumedCalls(id)).toHaveLength(1);
  });

  it('does not tell mail when an active account is edited', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'calm@example.com');
    const saved = await call(userId, 'PUT', `/email-accounts/${id}/limits`, {
      perMinute: 5,
      perDay: null,
      recipientsPerDay: null,
    });
    expect(saved.statusCode).toBe(200);
    expect(resumedCalls(id)).toHaveLength(0);
  });

  it('still resumes when mail cannot be told', async () => {
    const userId = randomUUID();
    const { id } = await addSmtp(userId, 'mail-down@example.com');
    await report(id, AUTH_PAUSE);
    peers.answer(new RegExp(`^/internal/senders/${id}/resumed$`), { status: 500, body: { message: 'boom' } });
    const resumed = await call(userId, 'POST', `/email-accounts/${id}/resume`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.health).toEqual(ACTIVE_HEALTH);
    expect(resumedCalls(id)).toHaveLength(1);
  });
});
