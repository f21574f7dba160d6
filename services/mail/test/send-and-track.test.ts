import { randomUUID } from 'node:crypto';
import type { EmailLog } from '@mailwright/contracts';
import { serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

const h = new Harness('send');
let alice: { userId: string; accountId: string };

beforeAll(async () => {
  await h.start();
  alice = h.newUser();
  h.services.templates.set('tpl-welcome', {
    userId: alice.userId,
    subject: 'Welcome, {{name}}!',
    body: '<html><body><p>Hello {{name}}</p><a href="https://example.com/start?a=1&amp;b=2">Start</a></body></html>',
  });
});
afterAll(() => h.stop());

describe('sending', () => {
  it('delivers the rendered template with From, To, Cc, Bcc, Message-ID and a tracking pixel', async () => {
    const response = await h.send(alice.userId, {
      to: ['bob@example.net'],
      cc: ['carol@example.net'],
      bcc: ['dave@example.net'],
      templateId: 'tpl-welcome',
      variables: { name: 'Bob' },
    });
    expect(response.statusCode).toBe(201);
    const email = response.json<{ data: EmailLog }>().data;
    expect(email).toMatchObject({
      status: 'queued',
      subject: 'Welcome, Bob!',
      to: ['bob@example.net'],
      cc: ['carol@example.net'],
      bcc: ['dave@example.net'],
      from: expect.stringMatching(/^sender-.*@example\.com$/),
      templateId: 'tpl-welcome',
      emailAccountId: alice.accountId,
      analytics: { opened: false, openedAt: null, clicked: false, clickedAt: null },
    });
    expect(email._id).toBe(email.id);

    const [received] = await waitFor(() => (h.smtp.to('bob@example.net').length ? h.smtp.to('bob@example.net') : null));
    const mail = received!.parsed;
    expect(mail.from?.value[0]).toMatchObject({ name: 'Alice Sender', address: email.from });
    expect(mail.subject).toBe('Welcome, Bob!');
    expect(mail.messageId).toBe(`<${email.id}@mailwright>`);
    expect(received!.envelopeTo.sort()).toEqual(['bob@example.net', 'carol@example.net', 'dave@example.net']);
    expect(JSON.stringify(mail.cc)).toContain('carol@example.net');
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.html).toContain('Hello Bob');
    expect(mail.html).toMatch(/<img src="https:\/\/mail\.example\.test\/t\/o\/[A-Za-z0-9_-]{40}\.gif"/);
    expect(mail.html).not.toContain('https://example.com/start');
    // A text part made from the HTML as written: the link as text and address, never the pixel or a tracked link.
    expect(mail.text?.trim()).toBe('Hello Bob\n\nStart [https://example.com/start?a=1&b=2]');
    expect(email.text).toBe(mail.text?.trim());
    expect(received!.raw?.toString()).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(h.smtp.attempts).toContainEqual({ username: 'alice', password: 'smtp-secret' });

    const stored = await waitFor(async () => {
      const r = await h.get(alice.userId, `/emails/${email.id}`);
      const data = r.json<{ data: EmailLog }>().data;
      return data.status === 'sent' ? data : null;
    });
    expect(stored.sentAt).not.toBeNull();
    expect(stored.messageId).toBe(`<${email.id}@mailwright>`);
  });

  it('records an open and a click, redirects only to the stored URL and refuses forged tokens', async () => {
    const response = await h.send(alice.userId, {
      to: ['erin@example.net'],
      subject: 'Links',
      body: '<p>See <a href="https://example.org/page">page</a> and <a href="http://example.org/two">two</a></p>',
    });
    const email = response.json<{ data: EmailLog }>().data;
    const [received] = await waitFor(() => (h.smtp.to('erin@example.net').length ? h.smtp.to('erin@example.net') : null));
    const html = String(received!.parsed.html);
    const pixel = /https:\/\/mail\.example\.test(\/t\/o\/[A-Za-z0-9_-]+\.gif)/.exec(html)?.[1];
    const clicks = [...html.matchAll(/https:\/\/mail\.example\.test(\/t\/c\/[A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    expect(pixel).toBeDefined();
    expect(clicks).toHaveLength(2);
    await waitFor(async () => (await h.emailStatus(email.id)) === 'sent');

    const publicHeaders = await import('@mailwright/kit/testing').then((m) => m.internalHeaders({ kind: 'public' }));
    const open = await h.app.inject({ method: 'GET', url: pixel!, headers: publicHeaders });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/gif');
    expect(open.headers['cache-control']).toContain('no-store');
    expect(open.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');

    const click = await h.app.inject({ method: 'GET', url: clicks[1]!, headers: publicHeaders });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('http://example.org/two');

    const forgedClick = `${clicks[0]!.slice(0, -4)}AAAA`;
    expect((await h.app.inject({ method: 'GET', url: forgedClick, headers: publicHeaders })).statusCode).toBe(404);
    const withTarget = await h.app.inject({ method: 'GET', url: '/t/c/https%3A%2F%2Fevil.example', headers: publicHeaders });
    expect(withTarget.statusCode).toBe(404);
    expect(withTarget.headers.location).toBeUndefined();
    const forgedPixel = await h.app.inject({
      method: 'GET',
      url: '/t/o/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.gif',
      headers: publicHeaders,
    });
    expect(forgedPixel.statusCode).toBe(200);

    const tracked = await waitFor(async () => {
      const data = (await h.get(alice.userId, `/emails/${email.id}`)).json<{ data: EmailLog }>().data;
      return data.analytics.opened && data.analytics.clicked ? data : null;
    });
    expect(tracked.analytics.openedAt).not.toBeNull();
    expect(tracked.analytics.clickedAt).not.toBeNull();
    const { rows } = await h.pool.query('SELECT type, link_index, url FROM mail.email_events WHERE email_id = $1 ORDER BY type', [
      email.id,
    ]);
    expect(rows).toEqual([
      { type: 'click', link_index: 1, url: 'http://example.org/two' },
      { type: 'open', link_index: null, url: null },
    ]);
    const { rows: all } = await h.pool.query('SELECT count(*)::int AS n FROM mail.email_events');
    expect(all[0].n).toBe(2);

    const stats = (await h.get(alice.userId, '/emails/analytics/stats')).json<{ data: Record<string, unknown> }>().data;
    expect(stats).toMatchObject({ opened: 1, clicked: 1, failed: 0, scheduled: 0 });
    expect(stats.sent).toBe(2);
    expect(stats.openRate).toBe(50);
    expect(stats.clickRate).toBe(50);
    const series = stats.series as Array<{ date: string; sent: number; opened: number; clicked: number }>;
    expect(series).toHaveLength(30);
    expect(series.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), sent: 2, opened: 1, clicked: 1 });
  });

  it('records the opens the gateway relays with their time, IP and user agent; forged tokens and users get nothing', async () => {
    const response = await h.send(alice.userId, { to: ['relay@example.net'], subject: 'Relayed', body: '<p>Hi</p>' });
    const email = response.json<{ data: EmailLog }>().data;
    const [received] = await waitFor(() => (h.smtp.to('relay@example.net').length ? h.smtp.to('relay@example.net') : null));
    const token = /\/t\/o\/([A-Za-z0-9_-]+)\.gif/.exec(String(received!.parsed.html))?.[1];
    expect(token).toBeDefined();
    const at = '2026-01-02T03:04:05.000Z';
    const hits = [
      { token: token!, ip: '203.0.113.7', userAgent: 'Relay client', at },
      { token: 'A'.repeat(40), ip: null, userAgent: null, at },
    ];
    const asUser = await h.app.inject({
      method: 'POST',
      url: '/internal/tracking/opens',
      headers: await userHeaders(alice.userId),
      payload: { hits },
    });
    expect(asUser.statusCode).toBe(403);
    const relayed = await h.app.inject({
      method: 'POST',
      url: '/internal/tracking/opens',
      headers: await serviceHeaders('gateway'),
      payload: { hits },
    });
    expect(relayed.statusCode).toBe(200);
    expect(relayed.json()).toEqual({ data: { recorded: 1 } });
    const events = await waitFor(async () => {
      const { rows } = await h.pool.query<{ ip: string; userAgent: string; occurredAt: Date }>(
        'SELECT ip, user_agent AS "userAgent", occurred_at AS "occurredAt" FROM mail.email_events WHERE email_id = $1',
        [email.id],
      );
      return rows.length > 0 ? rows : null;
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ ip: '203.0.113.7', userAgent: 'Relay client' });
    expect(events[0]?.occurredAt.toISOString()).toBe(at);
    const empty = await h.app.inject({
      method: 'POST',
      url: '/internal/tracking/opens',
      headers: await serviceHeaders('gateway'),
      payload: { hits: [] },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('sends plain text bodies without tracking', async () => {
    const response = await h.send(alice.userId, { to: ['frank@example.net'], subject: 'Plain', body: 'Just text, 2 < 3' });
    expect(response.statusCode).toBe(201);
    const [received] = await waitFor(() => (h.smtp.to('frank@example.net').length ? h.smtp.to('frank@example.net') : null));
    expect(received!.parsed.text?.trim()).toBe('Just text, 2 < 3');
    expect(received!.parsed.html).toBeFalsy();
  });

  it("forwards the client request's id on the API's and the worker's calls to other services", async () => {
    const gina = h.newUser();
    const requestId = `req-${randomUUID()}`;
    const response = await h.send(
      gina.userId,
      { to: ['gina@example.net'], subject: 'Traced', body: 'Hi' },
      { 'x-request-id': requestId },
    );
    expect(response.statusCode).toBe(201);
    await waitFor(() => (h.smtp.to('gina@example.net').length ? true : null));
    const carried = h.services.calls.filter((call) => call.requestId === requestId).map((call) => call.path);
    expect(carried).toContain('/internal/accounts/resolve');
    expect(carried).toContain(`/internal/accounts/${gina.accountId}/transport`);
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a line break in the subject', { to: ['x@example.net'], subject: 'Hi\r\nBcc: evil@example.net', body: 'b' }, /line breaks/],
    ['a line break in an address', { to: ['x@example.net\r\nBcc: evil@example.net'], subject: 's', body: 'b' }, /to/],
    ['an invalid address', { to: ['not-an-address'], subject: 's', body: 'b' }, /to/],
    ['no recipients', { to: [], subject: 's', body: 'b' }, /to/],
    ['no subject without a template', { to: ['x@example.net'], body: 'b' }, /subject is required/],
    ['no body without a template', { to: ['x@example.net'], subject: 's' }, /body is required/],
    ['an unknown time zone', { to: ['x@example.net'], subject: 's', body: 'b', timezone: 'Mars/Olympus' }, /timezone/],
    ['a past schedule', { to: ['x@example.net'], subject: 's', body: 'b', scheduledAt: '2020-01-01T00:00:00Z' }, /future/],
    [
      'a schedule too far ahead',
      { to: ['x@example.net'], subject: 's', body: 'b', scheduledAt: '2999-01-01T00:00:00Z' },
      /one year/,
    ],
    ['an extra field', { to: ['x@example.net'], subject: 's', body: 'b', isAdmin: true }, /isAdmin/],
  ];
  for (const [name, payload, message] of cases) {
    it(`refuses ${name} with 400`, async () => {
      const response = await h.send(alice.userId, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    });
  }

  it('names missing template variables and answers 404 for an unknown template', async () => {
    const missing = await h.send(alice.userId, { to: ['x@example.net'], templateId: 'tpl-welcome' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('name');
    const unknown = await h.send(alice.userId, { to: ['x@example.net'], templateId: 'nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('asks for an email account first', async () => {
    const response = await h.send(randomUUID(), { to: ['x@example.net'], subject: 's', body: 'b' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Add an email account first before sending emails.');
  });

  it('stores nothing for refused requests', async () => {
    const { rows } = await h.pool.query("SELECT count(*)::int AS n FROM mail.emails WHERE subject LIKE 'Hi%Bcc%'");
    expect(rows[0].n).toBe(0);
  });
});

describe('the email log', () => {
  it('lists newest first with pagination, status filter and search', async () => {
    const bob = h.newUser();
    for (const subject of ['Invoice 1', 'Invoice 2', 'Newsletter']) {
      expect((await h.send(bob.userId, { to: ['reader@example.net'], subject, body: 'x' })).statusCode).toBe(201);
    }
    const pageResponse = await h.get(bob.userId, '/emails?limit=2');
    expect(pageResponse.statusCode, pageResponse.body).toBe(200);
    const page = pageResponse.json();
    expect(page.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(page.data.map((e: EmailLog) => e.subject)).toEqual(['Newsletter', 'Invoice 2']);
    const search = (await h.get(bob.userId, '/emails?search=invoice')).json();
    expect(search.data).toHaveLength(2);
    const byRecipient = (await h.get(bob.userId, '/emails?search=READER@')).json();
    expect(byRecipient.pagination.total).toBe(3);
    await waitFor(async () => (await h.get(bob.userId, '/emails?status=sent')).json().pagination.total === 3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await h.get(bob.userId, `/emails?from=${today}&to=${today}`)).json().pagination.total).toBe(3);
    expect((await h.get(bob.userId, '/emails?to=2000-01-01')).json().pagination.total).toBe(0);
    expect((await h.get(bob.userId, '/emails?limit=101')).statusCode).toBe(400);
    expect((await h.get(bob.userId, '/emails?status=bogus')).statusCode).toBe(400);
  });

  it("answers 404 for another user's email, a non-uuid id and unknown ids", async () => {
    const mine = (await h.send(alice.userId, { to: ['g@example.net'], subject: 's', body: 'b' })).json().data as EmailLog;
    const mallory = h.newUser();
    expect((await h.get(mallory.userId, `/emails/${mine.id}`)).statusCode).toBe(404);
    const cancel = await h.app.inject({
      method: 'DELETE',
      url: `/emails/${mine.id}/cancel`,
      headers: await userHeaders(mallory.userId),
    });
    expect(cancel.statusCode).toBe(404);
    expect((await h.get(alice.userId, '/emails/not-a-uuid')).statusCode).toBe(404);
    expect((await h.get(alice.userId, `/emails/${randomUUID()}`)).statusCode).toBe(404);
    const list = (await h.get(mallory.userId, '/emails')).json();
    expect(list.data.some((e: EmailLog) => e.id === mine.id)).toBe(false);
  });

  it('refuses callers without a user and internal routes to users', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/emails' })).statusCode).toBe(401);
    expect((await h.get(alice.userId, `/internal/quota/${alice.userId}`)).statusCode).toBe(403);
    const quota = await h.app.inject({
      method: 'GET',
      url: `/internal/quota/${alice.userId}`,
      headers: await serviceHeaders('identity'),
    });
    expect(quota.statusCode).toBe(200);
    expect(quota.json().data.limit).toBe(100);
    expect(quota.json().data.used).toBeGreaterThan(0);
  });
});
