// The suppression list: its API (search, pages, import, export, other users' entries), sends that skip listed
// recipients (and take no quota when nobody is left), one-click unsubscribe, and what the mailbox reader's
// findings do to an email (bounced, replied, suppressed; once per mailbox message; only the sender's own emails).
import {
  type EmailLog,
  type EmailStats,
  FREE_ENTITLEMENTS,
  type Suppression,
  type SuppressionImportResult,
} from '@mailwright/contracts';
import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFinding } from '../src/feedback/apply-finding';
import { SuppressionLookups } from '../src/outbox/suppression-lookups';
import { Harness, waitFor } from './support/harness';

const h = new Harness('suppressions');
let alice: { userId: string; accountId: string };
let bob: { userId: string; accountId: string };

let publicHeaders: Record<string, string>;

beforeAll(async () => {
  await h.start();
  publicHeaders = await internalHeaders({ kind: 'public' });
  alice = h.newUser();
  bob = h.newUser();
});
afterAll(() => h.stop());

async function call(userId: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, contentType?: string) {
  const headers: Record<string, string> = { ...(await userHeaders(userId)) };
  if (contentType) headers['content-type'] = contentType;
  return h.app.inject({ method, url, headers, payload: payload as string | object | undefined });
}

const sentEmail = async (userId: string, payload: Record<string, unknown>) => {
  const response = await h.send(userId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: EmailLog }>().data;
};

const usedQuota = async (userId: string) => {
  const { rows } = await h.pool.query<{ used: number }>('SELECT used FROM mail.quota_usage WHERE user_id = $1', [userId]);
  return rows[0]?.used ?? 0;
};

describe('suppression list API', () => {
  it('adds, lists, searches, pages and removes addresses, each user only their own', async () => {
    const first = await call(alice.userId, 'POST', '/suppressions', { email: 'Gone@Example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json<{ data: Suppression }>().data).toMatchObject({ email: 'gone@example.com', reason: 'manual' });
    expect((await call(alice.userId, 'POST', '/suppressions', { email: 'gone@example.com' })).statusCode).toBe(200);
    const bad = await call(alice.userId, 'POST', '/suppressions', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('email');
    for (const n of [1, 2, 3]) await call(alice.userId, 'POST', '/suppressions', { email: `page${n}@example.org` });

    const page = await call(alice.userId, 'GET', '/suppressions?limit=2&page=1');
    expect(page.json().pagination).toEqual({ page: 1, limit: 2, total: 4, pages: 2 });
    const search = await call(alice.userId, 'GET', '/suppressions?search=EXAMPLE.ORG');
    expect(
      search
        .json<{ data: Suppression[] }>()
        .data.map((s) => s.email)
        .sort(),
    ).toEqual(['page1@example.org', 'page2@example.org', 'page3@example.org']);
    expect((await call(alice.userId, 'GET', '/suppressions?limit=500')).statusCode).toBe(400);

    // Bob sees nothing of Alice's list and cannot remove from it.
    expect((await call(bob.userId, 'GET', '/suppressions')).json().pagination.total).toBe(0);
    expect((await call(bob.userId, 'DELETE', '/suppressions/gone%40example.com')).statusCode).toBe(404);
    const removed = await call(alice.userId, 'DELETE', '/suppressions/GONE%40example.com');
    expect(removed.statusCode).toBe(200);
    expect((await call(alice.userId, 'DELETE', '/suppressions/gone%40example.com')).statusCode).toBe(404);
  });

  it('imports a CSV (header, duplicates, bad rows reported by line) and exports what the import reads back', async () => {
    const csv = 'Name,Email\r\nAda,ada@import.test\nDup,ADA@import.test\n"Lovelace, A",bad-address\n\nAlan,alan@import.test\n';
    const imported = await call(alice.userId, 'POST', '/suppressions/import', csv, 'text/csv');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<{ data: SuppressionImportResult }>().data).toEqual({
      rows: 4,
      added: 2,
      alreadyListed: 1,
      invalid: 1,
      errors: [{ line: 4, message: '"bad-address" is not an email address' }],
    });
    const exported = await call(alice.userId, 'GET', '/suppressions/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.trim().split('\n');
    expect(lines[0]).toBe('email,reason,created_at,email_id');
    expect(lines.some((line) => line.startsWith('ada@import.test,manual,'))).toBe(true);
    // The export imports into another user's list unchanged.
    const again = await call(bob.userId, 'POST', '/suppressions/import', exported.body, 'text/csv');
    expect(again.json<{ data: SuppressionImportResult }>().data).toMatchObject({ added: lines.length - 1, invalid: 0 });
    expect((await call(alice.userId, 'POST', '/suppressions/import', '{"email":"x@y.z"}', 'application/json')).statusCode).toBe(
      415,
    );
  });

  it('refuses an import past 100,000 rows and stores none of it', async () => {
    const carol = h.newUser();
    const rows = Array.from({ length: 100_001 }, (_, i) => `r${i}@big.test`).join('\n');
    const response = await call(carol.userId, 'POST', '/suppressions/import', rows, 'text/csv');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A suppression import holds at most 100,000 rows');
    expect((await call(carol.userId, 'GET', '/suppressions')).json().pagination.total).toBe(0);
  });
});

describe('sending to suppressed addresses', () => {
  it('leaves listed recipients out and records them', async () => {
    await call(alice.userId, 'POST', '/suppressions', { email: 'skip@example.net' });
    const email = await sentEmail(alice.userId, {
      to: ['keep@example.net', 'Skip@example.net'],
      cc: ['skip@example.net'],
      subject: 'Partly suppressed',
      body: 'Hello',
    });
    expect(email).toMatchObject({
      status: 'queued',
      to: ['keep@example.net'],
      cc: [],
      suppressed: ['Skip@example.net', 'skip@example.net'],
    });
    const [received] = await waitFor(() => (h.smtp.to('keep@example.net').length ? h.smtp.to('keep@example.net') : null));
    expect(received?.envelopeTo).toEqual(['keep@example.net']);
  });

  it('does not send, nor count against the quota, an email whose every recipient is listed', async () => {
    const dave = h.newUser();
    h.services.plans.set(dave.userId, { ...FREE_ENTITLEMENTS, plan: 'pro', emailLimit: 25, apiAccess: true });
    await call(dave.userId, 'POST', '/suppressions', { email: 'nobody@example.net' });
    const before = await usedQuota(dave.userId);
    const email = await sentEmail(dave.userId, { to: ['nobody@example.net'], subject: 'Never sent', body: 'Hello' });
    expect(email).toMatchObject({ status: 'suppressed', to: ['nobody@example.net'], suppressed: ['nobody@example.net'] });
    expect(await usedQuota(dave.userId)).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await h.emailStatus(email.id)).toBe('suppressed');
    expect(h.smtp.to('nobody@example.net')).toHaveLength(0);
    // Batch: the suppressed one takes no unit, the other one does.
    const batch = await h.app.inject({
      method: 'POST',
      url: '/emails/api/batch',
      headers: await internalHeaders({ kind: 'api_key', userId: dave.userId, apiKeyId: 'key-1' }),
      payload: {
        emails: [
          { to: ['nobody@example.net'], subject: 'a', body: 'b' },
          { to: ['someone@example.net'], subject: 'a', body: 'b' },
        ],
      },
    });
    expect(batch.statusCode, batch.body).toBe(207);
    expect(batch.json().data.map((item: { data: EmailLog }) => item.data.status)).toEqual(['suppressed', 'queued']);
    expect(await usedQuota(dave.userId)).toBe(before + 1);
  });
});

describe('plain sends that share one intake statement', () => {
  it('are checked in it: listed recipients left out, an email for listed ones only stored without a unit', async () => {
    const frank = h.newUser();
    const grace = h.newUser();
    h.services.plans.set(frank.userId, { ...FREE_ENTITLEMENTS, plan: 'pro', emailLimit: 2, apiAccess: true });
    await call(frank.userId, 'POST', '/suppressions', { email: 'gone@example.net' });
    const mail = (to: string[]) => ({ to, subject: 'Shared statement', body: 'Hello' });
    const [clear, partly, listedOnly, otherUser] = await Promise.all([
      sentEmail(frank.userId, mail(['first@example.net'])),
      sentEmail(frank.userId, mail(['GONE@example.net', 'second@example.net'])),
      sentEmail(frank.userId, mail(['gone@example.net'])),
      sentEmail(grace.userId, mail(['gone@example.net'])),
    ]);
    expect(clear).toMatchObject({ status: 'queued', to: ['first@example.net'], suppressed: [] });
    expect(partly).toMatchObject({ status: 'queued', to: ['second@example.net'], suppressed: ['GONE@example.net'] });
    expect(listedOnly).toMatchObject({ status: 'suppressed', to: ['gone@example.net'], suppressed: ['gone@example.net'] });
    expect(otherUser).toMatchObject({ status: 'queued', to: ['gone@example.net'], suppressed: [] });
    expect([await usedQuota(frank.userId), await usedQuota(grace.userId)]).toEqual([2, 1]);

    // At the limit, an email nobody would receive is still recorded; one that would be sent is refused.
    expect((await sentEmail(frank.userId, mail(['Gone@example.net']))).status).toBe('suppressed');
    expect((await h.send(frank.userId, mail(['third@example.net']))).statusCode).toBe(429);
    expect(await usedQuota(frank.userId)).toBe(2);
    // Grace's email and Frank's second are delivered independently: wait for both, not one of them.
    await waitFor(() => (h.smtp.to('second@example.net').length && h.smtp.to('gone@example.net').length ? true : null));
    expect(h.smtp.to('gone@example.net').map((message) => message.envelopeTo)).toEqual([['gone@example.net']]);
  });
});

describe('suppression lookups of concurrent sends', () => {
  it('share one statement and answer each send from its own user’s list only', async () => {
    const carol = h.newUser();
    const erin = h.newUser();
    await call(carol.userId, 'POST', '/suppressions', { email: 'shared@example.net' });
    let statements = 0;
    const counting = Object.create(h.pool) as pg.Pool;
    counting.query = ((...args: Parameters<pg.Pool['query']>) => {
      statements += 1;
      return (h.pool.query as (...a: unknown[]) => unknown)(...args);
    }) as pg.Pool['query'];
    const lookups = new SuppressionLookups(counting);
    const asks = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? lookups.find(carol.userId, ['shared@example.net', `fine${i}@example.net`])
        : lookups.find(erin.userId, ['shared@example.net']),
    );
    const answers = await Promise.all(asks);
    expect(answers).toEqual(answers.map((_, i) => (i % 2 === 0 ? ['shared@example.net'] : [])));
    expect(statements).toBeLessThan(5);
    expect(await lookups.find(carol.userId, [])).toEqual([]);

    // One lookup Postgres refuses (a NUL in an address) fails alone, not the sends it shared a statement with.
    const [good, bad] = await Promise.allSettled([
      lookups.find(carol.userId, ['shared@example.net']),
      lookups.find(erin.userId, ['nul\u0000@example.net']),
      lookups.find(carol.userId, ['shared@example.net']),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: ['shared@example.net'] });
    expect(bad?.status).toBe('rejected');

    const [carolEmail, erinEmail] = await Promise.all([
      sentEmail(carol.userId, { to: ['shared@example.net'], subject: 'To a listed address', body: 'Hello' }),
      sentEmail(erin.userId, { to: ['shared@example.net'], subject: 'To an address only carol listed', body: 'Hello' }),
    ]);
    expect(carolEmail.status).toBe('suppressed');
    expect(erinEmail).toMatchObject({ status: 'queued', suppressed: [] });
  });
});

describe('one-click unsubscribe', () => {
  it('puts RFC 8058 headers on the message; POST to the URL suppresses its recipient once, without a login', async () => {
    const email = await sentEmail(alice.userId, {
      to: ['reader@example.net'],
      subject: 'News',
      body: '<p>News</p>',
      unsubscribe: true,
    });
    expect(email.unsubscribe).toBe(true);
    const [received] = await waitFor(() => (h.smtp.to('reader@example.net').length ? h.smtp.to('reader@example.net') : null));
    const lines = received?.parsed.headerLines ?? [];
    const header = lines.find((line) => line.key === 'list-unsubscribe')?.line.replace(/\r\n\s+/g, ' ') ?? '';
    expect(lines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const url = /<https:\/\/mail\.example\.test(\/u\/[A-Za-z0-9_-]{43})>/.exec(header)?.[1];
    expect(url, header).toBeDefined();
    expect(header).toMatch(/<mailto:sender-[^?]+\?subject=unsubscribe%20[A-Za-z0-9_-]{43}>/);

    const page = await h.app.inject({ method: 'GET', url: url as string, headers: publicHeaders });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('re••••');
    expect(page.body).not.toContain('reader@example.net');
    for (let i = 0; i < 2; i++) {
      const post = await h.app.inject({
        method: 'POST',
        url: url as string,
        headers: { ...publicHeaders, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(200);
    }
    const list = await call(alice.userId, 'GET', '/suppressions?search=reader');
    expect(list.json<{ data: Suppression[] }>().data).toEqual([
      expect.objectContaining({ email: 'reader@example.net', reason: 'unsubscribe', emailId: email.id }),
    ]);
    const { rows } = await h.pool.query(
      "SELECT count(*)::int AS n FROM mail.email_events WHERE email_id = $1 AND type = 'unsubscribe'",
      [email.id],
    );
    expect(rows[0].n).toBe(1);
    const stats = (await call(alice.userId, 'GET', '/emails/analytics/stats')).json<{ data: EmailStats }>().data;
    expect(stats.unsubscribed).toBe(1);
  });

  it('refuses forged and altered tokens, and unsubscribe with more than one recipient', async () => {
    const forged = `/u/${Buffer.alloc(32, 7).toString('base64url')}`;
    expect(
      (await h.app.inject({ method: 'POST', url: forged, headers: publicHeaders, payload: 'List-Unsubscribe=One-Click' }))
        .statusCode,
    ).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/u/short', headers: publicHeaders })).statusCode).toBe(404);
    const many = await h.send(alice.userId, {
      to: ['a@example.net', 'b@example.net'],
      subject: 's',
      body: 'b',
      unsubscribe: true,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'unsubscribe' });
  });
});

describe('findings from the sender mailbox', () => {
  const mailbox = () => ({ accountId: alice.accountId, userId: alice.userId });
  const deps = () => ({ pool: h.pool, webhooks: { emit: async () => {} }, tokens: h.deps.tracking.tokens });

  it('turns a permanent bounce into bounced + a suppression, once per mailbox message', async () => {
    const email = await sentEmail(alice.userId, { to: ['dead@example.net'], subject: 'Hi', body: 'Hello' });
    await waitFor(async () => (await h.emailStatus(email.id)) === 'sent');
    const finding = {
      kind: 'bounce' as const,
      permanent: true,
      code: '5.1.1',
      diagnostic: '550 5.1.1 user unknown',
      recipient: 'DEAD@example.net',
      messageIds: ['<unrelated@example.com>', `<${email.id}@mailwright>`],
      at: new Date('2026-11-25T10:00:00Z'),
    };
    await applyFinding(deps(), mailbox(), 'msg-1', finding);
    await applyFinding(deps(), mailbox(), 'msg-1', finding);
    const stored = (await h.get(alice.userId, `/emails/${email.id}`)).json<{ data: EmailLog }>().data;
    expect(stored.status).toBe('bounced');
    expect(stored.bounce).toEqual({
      type: 'hard',
      code: '5.1.1',
      diagnostic: '550 5.1.1 user unknown',
      recipient: 'dead@example.net',
      at: '2026-11-25T10:00:00.000Z',
    });
    const { rows } = await h.pool.query(
      "SELECT count(*)::int AS n FROM mail.email_events WHERE email_id = $1 AND type = 'bounce'",
      [email.id],
    );
    expect(rows[0].n).toBe(1);
    const listed = (await call(alice.userId, 'GET', '/suppressions?search=dead')).json<{ data: Suppression[] }>().data;
    expect(listed).toEqual([expect.objectContaining({ email: 'dead@example.net', reason: 'hard_bounce', emailId: email.id })]);
    const next = await sentEmail(alice.userId, { to: ['dead@example.net'], subject: 'Again', body: 'Hello' });
    expect(next.status).toBe('suppressed');
    const stats = (await call(alice.userId, 'GET', '/emails/analytics/stats')).json<{ data: EmailStats }>().data;
    expect(stats.bounced).toBe(1);
    expect(stats.bounceRate).toBeGreaterThan(0);
  });

  it('honours a List-Unsubscribe mailto found in the sender’s own mailbox only', async () => {
    const email = await sentEmail(alice.userId, {
      to: ['mailto-reader@example.net'],
      subject: 'Digest',
      body: 'Hi',
      unsubscribe: true,
    });
    const token = h.deps.tracking.tokens.unsubscribeToken(email.id, 'mailto-reader@example.net');
    await applyFinding(deps(), { accountId: bob.accountId, userId: bob.userId }, 'msg-5', { kind: 'unsubscribe', token });
    const search = () => call(alice.userId, 'GET', '/suppressions?search=mailto-reader');
    expect((await search()).json().pagination.total).toBe(0);
    await applyFinding(deps(), mailbox(), 'msg-6', { kind: 'unsubscribe', token });
    expect((await search()).json<{ data: Suppression[] }>().data).toEqual([
      expect.objectContaining({ email: 'mailto-reader@example.net', reason: 'unsubscribe', emailId: email.id }),
    ]);
  });

  it('records a reply, ignores temporary bounces for status, and never touches another sender’s email', async () => {
    const email = await sentEmail(alice.userId, { to: ['friend@example.net'], subject: 'Lunch?', body: 'Hello' });
    await waitFor(async () => (await h.emailStatus(email.id)) === 'sent');
    const ids = [`<${email.id}@mailwright>`];
    await applyFinding(deps(), mailbox(), 'msg-2', {
      kind: 'bounce',
      permanent: false,
      code: '4.4.7',
      diagnostic: 'delayed',
      recipient: null,
      messageIds: ids,
      at: new Date(),
    });
    expect(await h.emailStatus(email.id)).toBe('sent');
    // The same ids read from Bob's mailbox change nothing of Alice's email.
    await applyFinding(deps(), { accountId: bob.accountId, userId: bob.userId }, 'msg-3', {
      kind: 'bounce',
      permanent: true,
      code: '5.1.1',
      diagnostic: 'x',
      recipient: 'friend@example.net',
      messageIds: ids,
      at: new Date(),
    });
    expect(await h.emailStatus(email.id)).toBe('sent');
    const date = new Date('2026-11-25T11:00:00Z');
    await applyFinding(deps(), mailbox(), 'msg-4', {
      kind: 'reply',
      messageIds: ids,
      from: 'friend@example.net',
      subject: 'Re: Lunch?',
      date,
      snippet: 'Yes, noon works',
    });
    const stored = (await h.get(alice.userId, `/emails/${email.id}`)).json<{ data: EmailLog }>().data;
    expect(stored.analytics).toMatchObject({ replied: true, repliedAt: date.toISOString() });
    expect(stored.reply).toEqual({
      from: 'friend@example.net',
      subject: 'Re: Lunch?',
      date: date.toISOString(),
      snippet: 'Yes, noon works',
    });
    const { rows } = await h.pool.query('SELECT type FROM mail.email_events WHERE email_id = $1 ORDER BY type', [email.id]);
    expect(rows.map((row) => row.type)).toEqual(['delay', 'reply']);
    expect((await call(alice.userId, 'GET', '/emails/analytics/stats')).json<{ data: EmailStats }>().data.replied).toBe(1);
  });
});
