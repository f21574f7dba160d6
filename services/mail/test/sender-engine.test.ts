// The mailbox-aware engine (issue 20) through the app and real workers: per-sender limits across two worker
// processes, paused senders that hold and resume, sign-in refusals that pause, and sender pools that fail over.
// The minute limit waits a real minute: it has a file of its own (sender-minute-limit.test.ts) that runs beside the
// others (vitest.config.ts).
import { randomUUID } from 'node:crypto';
import { SmtpPeer, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FAILURES_TO_PAUSE } from '../src/delivery/sender-health-monitor';
import { Harness, waitFor } from './support/harness';
import { senderRows } from './support/sender-rows';

const h = new Harness('sender-engine');
const refusing = new SmtpPeer({ authRequired: true, users: { alice: 'the-right-password' } });
/** Holds each message 400 ms before its 250: deliveries of one sender overlap unless something caps them. */
const slow = new SmtpPeer({ content: 'count', answerAfter: 400 });

beforeAll(async () => {
  await Promise.all([refusing.start(), slow.start()]);
  await h.start();
  // A second worker on the same Redis and Postgres: the limits must hold across both.
  await h.startSecondWorker();
});
afterAll(async () => {
  await h.stop();
  await Promise.all([refusing.stop(), slow.stop()]);
});

/** A webhook endpoint of the user for these events (its deliveries are read from the table, not received). */
async function subscribe(userId: string, events: string[]): Promise<void> {
  const response = await h.app.inject({
    method: 'POST',
    url: '/webhooks',
    headers: await userHeaders(userId),
    payload: { url: 'https://hooks.example.com/mailwright', events },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function deliveredEvents(userId: string): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  const { rows: found } = await h.pool.query(
    `SELECT event, payload->'data' AS data FROM mail.webhook_deliveries WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
  return found;
}

const { rows, sendMany, countSent } = senderRows(h);

describe('per-sender limits', () => {
  it('holds a scheduled email that comes due while its sender is at its daily limit', async () => {
    const { userId, accountId } = h.newUser();
    h.services.setLimits(accountId, { perDay: 1 });
    const [first] = await sendMany(userId, 1);
    await waitFor(async () => (await h.emailStatus(first as string)) === 'sent');
    const [scheduled] = await sendMany(userId, 1, { scheduledAt: new Date(Date.now() + 2_000).toISOString() });
    expect(await h.emailStatus(scheduled as string)).toBe('scheduled');
    const held = await waitFor(async () => (await rows([scheduled as string])).find((row) => row.holdReason), 10_000);
    expect(held).toMatchObject({ status: 'queued', holdReason: 'sender_day_limit', attempts: 0 });
    // The rolling day frees the first send's slot a day after the end of its minute.
    expect((held.holdUntil as Date).getTime()).toBeGreaterThan(Date.now() + 86_400_000 - 120_000);
  });

  it('reports the usage of a sender without limits from its sent emails', async () => {
    const { userId, accountId } = h.newUser();
    const [one] = await sendMany(userId, 1);
    const two = (await h.send(userId, { to: ['x@example.net'], cc: ['y@example.net'], subject: 'S', body: 'b' })).json().data._id;
    await waitFor(async () => (await countSent([one as string, two])) === 2);
    const usage = await h.app.inject({
      method: 'POST',
      url: `/internal/senders/${accountId}/usage`,
      headers: await serviceHeaders('accounts'),
      payload: { perMinute: null, perDay: null, recipientsPerDay: null, concurrency: null },
    });
    expect(usage.json().data).toMatchObject({
      minute: { used: 2, limit: null },
      day: { used: 2, limit: null },
      recipientsToday: 3,
      recipientsPerDay: null,
      held: 0,
    });
    expect(Date.parse(usage.json().data.day.resetsAt) - Date.now()).toBeGreaterThan(86_400_000 - 120_000);
  });

  it('fails at once an email with more recipients than the sender may reach in a day', async () => {
    const { userId, accountId } = h.newUser();
    h.services.setLimits(accountId, { recipientsPerDay: 2 });
    const response = await h.send(userId, { to: ['a@example.net', 'b@example.net', 'c@example.net'], subject: 'S', body: 'b' });
    const id = response.json().data._id as string;
    await waitFor(async () => (await h.emailStatus(id)) === 'failed');
    const { rows: found } = await h.pool.query('SELECT error FROM mail.emails WHERE id = $1', [id]);
    expect(found[0].error).toBe('This email has 3 recipients, more than the 2 a day its sender allows');
  });
});

describe('sender health', () => {
  it('holds the emails of a paused sender and sends them as soon as it resumes', async () => {
    const { userId, accountId } = h.newUser();
    await subscribe(userId, ['email.held', 'email.sent', 'account.resumed']);
    h.services.setHealth(accountId, { state: 'paused', reason: 'auth_failed' });
    const [id] = await sendMany(userId, 1);
    await waitFor(async () => (await rows([id as string]))[0]?.holdReason === 'sender_paused');
    const shown = (await h.get(userId, `/emails/${id}`)).json().data;
    expect(shown).toMatchObject({ status: 'queued', hold: { reason: 'sender_paused', until: null } });

    h.services.setHealth(accountId, { state: 'active' });
    const resumed = await h.app.inject({
      method: 'POST',
      url: `/internal/senders/${accountId}/resumed`,
      headers: await serviceHeaders('accounts'),
      payload: { userId, email: 'sender@example.com' },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.released).toBe(1);
    await waitFor(async () => (await h.emailStatus(id as string)) === 'sent', 5_000);
    await waitFor(async () => (await deliveredEvents(userId)).length === 3);
    const events = await deliveredEvents(userId);
    expect(events.map((event) => event.event).sort()).toEqual(['account.resumed', 'email.held', 'email.sent']);
    expect(events.find((event) => event.event === 'email.held')?.data).toMatchObject({
      emailId: id,
      hold: { reason: 'sender_paused', until: null },
    });
    expect(events.find((event) => event.event === 'account.resumed')?.data).toMatchObject({
      accountId,
      health: { state: 'active' },
    });
  });

  it('pauses a sender whose server refuses its sign-in several times in a row, holding instead of failing', async () => {
    const userId = randomUUID();
    const accountId = randomUUID();
    h.services.addSmtpAccount(userId, accountId, refusing.port);
    await subscribe(userId, ['account.paused', 'email.failed']);
    const ids = await sendMany(userId, AUTH_FAILURES_TO_PAUSE + 2);
    await waitFor(() => h.services.healthReports.some((report) => report.accountId === accountId), 30_000);
    expect(h.services.healthReports.find((report) => report.accountId === accountId)?.body).toMatchObject({
      state: 'paused',
      reason: 'auth_failed',
      resumesAt: null,
    });
    await waitFor(async () => (await rows(ids)).some((row) => row.holdReason === 'sender_paused'), 10_000);
    expect((await rows(ids)).filter((row) => row.status === 'failed')).toHaveLength(0);
    // One account.paused event, from the worker whose report paused it.
    await waitFor(async () => (await deliveredEvents(userId)).length > 0);
    const events = await deliveredEvents(userId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'account.paused',
      data: { accountId, health: { state: 'paused', reason: 'auth_failed' } },
    });
  }, 60_000);

  it('holds the emails of a sender whose grant was revoked and says so once (account.paused)', async () => {
    const { userId, accountId } = h.newUser();
    await subscribe(userId, ['account.paused']);
    h.services.revoked.add(accountId);
    const ids = await sendMany(userId, 3);
    await waitFor(async () => (await rows(ids)).every((row) => row.holdReason === 'sender_paused'));
    expect((await rows(ids)).map((row) => row.holdUntil)).toEqual([null, null, null]);
    await waitFor(async () => (await deliveredEvents(userId)).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = await deliveredEvents(userId);
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ accountId, health: { state: 'needs_reconnect', reason: 'grant_revoked' } });
  });

  it('keeps a sender within its concurrency cap across both workers', async () => {
    const userId = randomUUID();
    const accountId = randomUUID();
    h.services.addSmtpAccount(userId, accountId, slow.port);
    h.services.setLimits(accountId, { concurrency: 2 });
    const times: number[] = [];
    const before = slow.delivered;
    const ids = await sendMany(userId, 8);
    await waitFor(async () => (await countSent(ids)) === 8, 20_000);
    expect(slow.delivered - before).toBe(8);
    const { rows: sent } = await h.pool.query<{ at: Date }>(
      'SELECT sent_at AS at FROM mail.emails WHERE id = ANY($1) ORDER BY sent_at',
      [ids],
    );
    for (const row of sent) times.push(row.at.getTime());
    // Each send takes 400 ms at the server: with two at a time, the third finishes at least ~400 ms after the first.
    for (let i = 2; i < times.length; i++) expect((times[i] as number) - (times[i - 2] as number)).toBeGreaterThanOrEqual(350);
  }, 30_000);
});

describe('sender pools', () => {
  function poolOf(userId: string, accountIds: string[], strategy: 'failover' | 'spread' = 'failover'): string {
    const id = randomUUID();
    h.services.pools.set(id, { id, userId, strategy, accountIds });
    return id;
  }

  it('fails over to the next account when the first is paused, and records the account that sent', async () => {
    const { userId, accountId: first } = h.newUser();
    const second = randomUUID();
    h.services.addSmtpAccount(userId, second, h.smtp.port, 'second@example.com');
    h.services.setHealth(first, {
      state: 'paused',
      reason: 'provider_daily_limit',
      resumesAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const poolId = poolOf(userId, [first, second]);

    const [id] = await sendMany(userId, 1, { senderPoolId: poolId });
    await waitFor(async () => (await h.emailStatus(id as string)) === 'sent');
    const shown = (await h.get(userId, `/emails/${id}`)).json().data;
    expect(shown).toMatchObject({ emailAccountId: second, from: 'second@example.com', senderPoolId: poolId, hold: null });
  });

  it('fails over when the first account is full, and holds when every account is', async () => {
    const { userId, accountId: first } = h.newUser();
    const second = randomUUID();
    h.services.addSmtpAccount(userId, second, h.smtp.port, 'backup@example.com');
    h.services.setLimits(first, { perDay: 1 });
    h.services.setLimits(second, { perDay: 1 });
    const poolId = poolOf(userId, [first, second]);

    const ids = await sendMany(userId, 3, { senderPoolId: poolId });
    await waitFor(async () => (await countSent(ids)) === 2 && (await rows(ids)).some((row) => row.holdReason), 10_000);
    const found = await rows(ids);
    expect(new Set(found.filter((row) => row.status === 'sent').map((row) => row.emailAccountId))).toEqual(
      new Set([first, second]),
    );
    expect(found.find((row) => row.status !== 'sent')).toMatchObject({ status: 'queued', holdReason: 'sender_day_limit' });
  });

  it('spreads a pool’s emails over its accounts by remaining capacity', async () => {
    const { userId, accountId: roomy } = h.newUser();
    const tight = randomUUID();
    h.services.addSmtpAccount(userId, tight, h.smtp.port, 'tight@example.com');
    h.services.setLimits(roomy, { perDay: 1_000 });
    h.services.setLimits(tight, { perDay: 2 });
    const poolId = poolOf(userId, [tight, roomy], 'spread');

    const ids = await sendMany(userId, 12, { senderPoolId: poolId });
    await waitFor(async () => (await countSent(ids)) === 12, 15_000);
    const byAccount = new Map<string, number>();
    for (const row of await rows(ids)) byAccount.set(row.emailAccountId, (byAccount.get(row.emailAccountId) ?? 0) + 1);
    // The tight account never takes more than its day allows; the roomy one takes the rest.
    expect(byAccount.get(tight) ?? 0).toBeLessThanOrEqual(2);
    expect(byAccount.get(roomy)).toBe(12 - (byAccount.get(tight) ?? 0));
  });

  it('refuses a pool that is not the user’s, and a send naming both an account and a pool', async () => {
    const owner = h.newUser();
    const stranger = h.newUser();
    const poolId = poolOf(owner.userId, [owner.accountId]);
    const foreign = await h.send(stranger.userId, { to: ['x@example.net'], subject: 'S', body: 'b', senderPoolId: poolId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Sender pool not found' });
    const both = await h.send(owner.userId, {
      to: ['x@example.net'],
      subject: 'S',
      body: 'b',
      senderPoolId: poolId,
      emailAccountId: owner.accountId,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Give either emailAccountId or senderPoolId, not both');
  });
});
