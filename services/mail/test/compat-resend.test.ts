// The Resend-compatible API (/compat/resend) on the mail service with an API-key caller: the payload goes through
// the one accept path and arrives at the SMTP peer as Resend would send it; answers and errors have Resend's shapes.
import { randomUUID } from 'node:crypto';
import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

const h = new Harness('compat-resend');
beforeAll(() => h.start());
afterAll(() => h.stop());

const apiHeaders = (userId: string) => internalHeaders({ kind: 'api_key', userId, apiKeyId: 'key-1' });

async function call(userId: string, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, headers = {}) {
  return h.app.inject({
    method,
    url: `/compat/resend${path}`,
    headers: { ...(await apiHeaders(userId)), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A pro user with one SMTP sender whose address is `sender`. */
function proUser(): { userId: string; accountId: string; sender: string } {
  const userId = randomUUID();
  const accountId = randomUUID();
  const sender = `team-${accountId.slice(0, 8)}@acme.example`;
  h.services.addSmtpAccount(userId, accountId, h.smtp.port, sender);
  h.services.setPlan(userId, 'pro');
  return { userId, accountId, sender };
}

const inbox = () => `reader-${randomUUID().slice(0, 8)}@example.com`;

const rowCount = async (userId: string) =>
  (await h.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM mail.emails WHERE user_id = $1', [userId])).rows[0]?.n;

describe('POST /compat/resend/emails', () => {
  it('sends html and text as one alternative message with reply-to, custom headers, cc and an attachment', async () => {
    const { userId, sender } = proUser();
    const hook = await h.app.inject({
      method: 'POST',
      url: '/webhooks',
      headers: await userHeaders(userId),
      payload: { url: 'https://127.0.0.1:9/hook', events: ['email.sent'] },
    });
    expect(hook.statusCode).toBe(201);
    const to = inbox();
    const cc = inbox();
    const response = await call(userId, 'POST', '/emails', {
      from: `Acme Team <${sender.toUpperCase()}>`,
      to,
      cc: [`Carol <${cc}>`],
      reply_to: 'support@acme.example',
      subject: 'Your invoice',
      html: '<p>Invoice <b>42</b></p>',
      text: 'Invoice 42',
      headers: { 'X-Entity-Ref-ID': 'inv-42' },
      tags: [{ name: 'category', value: 'invoice' }],
      attachments: [{ filename: 'invoice.txt', content: Buffer.from('total: 42').toString('base64') }],
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json();
    expect(response.json()).toEqual({ id: expect.any(String) });

    const [message] = await waitFor(() => (h.smtp.to(to).length > 0 ? h.smtp.to(to) : null));
    const parsed = message?.parsed;
    expect(parsed?.html).toContain('Invoice <b>42</b>');
    expect(parsed?.text?.trim()).toBe('Invoice 42');
    expect(parsed?.replyTo?.value[0]?.address).toBe('support@acme.example');
    expect(parsed?.headers.get('x-entity-ref-id')).toBe('inv-42');
    expect(parsed?.headers.get('x-mailwright-email-id')).toBe(id);
    expect(parsed?.cc && !Array.isArray(parsed.cc) ? parsed.cc.value[0]?.address : null).toBe(cc);
    expect(parsed?.attachments[0]?.content.toString()).toBe('total: 42');
    expect(parsed?.from?.value[0]?.address).toBe(sender);

    const got = await waitFor(async () => {
      const answer = (await call(userId, 'GET', `/emails/${id}`)).json();
      return answer.last_event === 'sent' ? answer : null;
    });
    expect(got).toMatchObject({
      object: 'email',
      id,
      to: [to],
      cc: [cc],
      bcc: [],
      from: `Alice Sender <${sender}>`,
      subject: 'Your invoice',
      html: '<p>Invoice <b>42</b></p>',
      text: 'Invoice 42',
      reply_to: ['support@acme.example'],
      scheduled_at: null,
      tags: [{ name: 'category', value: 'invoice' }],
    });
    expect(Date.parse(got.created_at)).not.toBeNaN();
    const delivery = await waitFor(async () => {
      const { rows } = await h.pool.query<{ payload: { data: Record<string, unknown> } }>(
        'SELECT payload FROM mail.webhook_deliveries WHERE email_id = $1',
        [id],
      );
      return rows[0];
    });
    expect(delivery.payload.data.tags).toEqual([{ name: 'category', value: 'invoice' }]);
  });

  it('sends text alone as a plain-text message, even when it looks like markup', async () => {
    const { userId, sender } = proUser();
    const to = inbox();
    const response = await call(userId, 'POST', '/emails', {
      from: sender,
      to: [to],
      subject: 'Plain',
      text: 'a <b> is not bold',
    });
    expect(response.statusCode).toBe(200);
    const [message] = await waitFor(() => (h.smtp.to(to).length > 0 ? h.smtp.to(to) : null));
    expect(message?.parsed.html).toBeFalsy();
    expect(message?.parsed.text?.trim()).toBe('a <b> is not bold');
    const got = (await call(userId, 'GET', `/emails/${response.json().id}`)).json();
    expect(got).toMatchObject({ html: null, text: 'a <b> is not bold' });
  });

  it("answers Resend's error shape with Mailwright's message for every refusal", async () => {
    const { userId, sender } = proUser();
    const base = { from: sender, to: [inbox()], subject: 'Hello', html: '<p>Hi</p>' };
    const cases: Array<[unknown, number, string, RegExp]> = [
      [{ ...base, from: 'nobody@elsewhere.example' }, 422, 'validation_error', /^`from` nobody@elsewhere\.example is not one/],
      [{ ...base, from: 'not an address' }, 422, 'validation_error', /`from` must be/],
      [{ to: [inbox()], subject: 'x', html: 'y' }, 422, 'missing_required_field', /^Missing `from` field\.$/],
      [{ ...base, subject: undefined }, 422, 'missing_required_field', /^Missing `subject` field\.$/],
      [{ from: sender, to: [inbox()], subject: 's' }, 422, 'missing_required_field', /html.*text/],
      [{ ...base, to: ['not-an-address'] }, 400, 'validation_error', /^to\.0: /],
      [
        { ...base, headers: { 'Message-ID': '<x@y>' } },
        400,
        'validation_error',
        /headers\.Message-ID: this header is set by the platform/,
      ],
      [{ ...base, headers: { 'X-Split': 'a\r\nBcc: victim@example.com' } }, 400, 'validation_error', /line breaks/],
      [{ ...base, tags: [{ name: 'has space', value: 'v' }] }, 422, 'validation_error', /tags/],
      [{ ...base, scheduled_at: 'tomorrow-ish' }, 400, 'validation_error', /^scheduled_at must be an ISO 8601/],
      [
        { ...base, attachments: [{ filename: 'a.png', content: 'aGk=', content_id: 'logo' }] },
        422,
        'validation_error',
        /content_id/,
      ],
      [{ ...base, attachments: [{ filename: 'a.txt', content: '***' }] }, 400, 'invalid_attachment', /base64/],
      [{ ...base, react: '<Email />' }, 422, 'validation_error', /react is not an allowed field/],
    ];
    for (const [payload, status, name, message] of cases) {
      const response = await call(userId, 'POST', '/emails', payload);
      expect({ payload, status: response.statusCode, name: response.json().name }).toEqual({ payload, status, name });
      expect(response.json()).toEqual({ statusCode: status, name, message: expect.stringMatching(message) });
    }
    expect(await rowCount(userId)).toBe(0);

    const badJson = await call(userId, 'POST', '/emails', '{"from":', { 'content-type': 'application/json' });
    expect(badJson.json()).toEqual({ statusCode: 400, name: 'validation_error', message: 'Request body is not valid JSON' });
  });

  it('refuses a free plan with 403 and the plan message, and a caller without an API key with 401', async () => {
    const userId = randomUUID();
    const accountId = randomUUID();
    h.services.addSmtpAccount(userId, accountId, h.smtp.port, 'free@acme.example');
    const payload = { from: 'free@acme.example', to: [inbox()], subject: 's', html: '<p>x</p>' };
    const free = await call(userId, 'POST', '/emails', payload);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toEqual({
      statusCode: 403,
      name: 'restricted_api_key',
      message: expect.stringContaining('Pro and Enterprise'),
    });
    const asUser = await h.app.inject({
      method: 'POST',
      url: '/compat/resend/emails',
      headers: await userHeaders(userId),
      payload,
    });
    expect(asUser.statusCode).toBe(401);
    expect(asUser.json().name).toBe('missing_api_key');
  });

  it('answers the first id again for a retried Idempotency-Key, and 409 for the key with another body', async () => {
    const { userId, sender } = proUser();
    const payload = { from: sender, to: [inbox()], subject: 'Once', html: '<p>once</p>' };
    const key = { 'idempotency-key': `order-${randomUUID()}` };
    const first = await call(userId, 'POST', '/emails', payload, key);
    const again = await call(userId, 'POST', '/emails', payload, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rowCount(userId)).toBe(1);
    const other = await call(userId, 'POST', '/emails', { ...payload, subject: 'Twice' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().name).toBe('invalid_idempotent_request');
    const invalid = await call(userId, 'POST', '/emails', payload, { 'idempotency-key': 'a'.repeat(300) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().name).toBe('invalid_idempotency_key');
  });
});

describe('POST /compat/resend/emails/batch', () => {
  it('refuses the whole batch for one invalid email in strict mode, and sends the valid ones in permissive mode', async () => {
    const { userId, sender } = proUser();
    const good = (to: string) => ({ from: sender, to, subject: 'Batch', text: `for ${to}` });
    const emails = [good(inbox()), { ...good(inbox()), from: 'stranger@elsewhere.example' }, good(inbox())];
    const strict = await call(userId, 'POST', '/emails/batch', emails);
    expect(strict.statusCode).toBe(422);
    expect(strict.json()).toEqual({
      statusCode: 422,
      name: 'validation_error',
      message: expect.stringMatching(/^emails\[1\]: `from`/),
    });
    expect(await rowCount(userId)).toBe(0);

    const permissive = await call(userId, 'POST', '/emails/batch', emails, { 'x-batch-validation': 'permissive' });
    expect(permissive.statusCode).toBe(200);
    const body = permissive.json();
    expect(body.data).toHaveLength(2);
    expect(body.errors).toEqual([{ index: 1, message: expect.stringMatching(/^`from` stranger@/) }]);
    await waitFor(() => h.smtp.to(emails[2]?.to as string).length === 1);
  });

  it('replays a batch retried with its Idempotency-Key without storing it twice', async () => {
    const { userId, sender } = proUser();
    const emails = [1, 2, 3].map((n) => ({ from: sender, to: inbox(), subject: `B${n}`, html: `<p>${n}</p>` }));
    const key = { 'idempotency-key': `batch-${randomUUID()}` };
    const first = await call(userId, 'POST', '/emails/batch', emails, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toHaveLength(3);
    const again = await call(userId, 'POST', '/emails/batch', emails, key);
    expect(again.json()).toEqual(first.json());
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rowCount(userId)).toBe(3);
    const changed = await call(userId, 'POST', '/emails/batch', emails.slice(1), key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().name).toBe('invalid_idempotent_request');
  });
});

describe('scheduled emails: PATCH and cancel', () => {
  it('reschedules a scheduled email earlier and it goes at the new time', async () => {
    const { userId, sender } = proUser();
    const to = inbox();
    const sent = await call(userId, 'POST', '/emails', {
      from: sender,
      to,
      subject: 'Later',
      html: '<p>later</p>',
      scheduled_at: 'in 1 hour',
    });
    const { id } = sent.json();
    const scheduled = (await call(userId, 'GET', `/emails/${id}`)).json();
    expect(scheduled.last_event).toBe('scheduled');
    expect(Date.parse(scheduled.scheduled_at) - Date.now()).toBeGreaterThan(3_500_000);
    const at = new Date(Date.now() + 1_500).toISOString();
    const moved = await call(userId, 'PATCH', `/emails/${id}`, { scheduled_at: at });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ object: 'email', id });
    await waitFor(() => h.smtp.to(to).length === 1);
    expect((await call(userId, 'GET', `/emails/${id}`)).json().scheduled_at).toBe(at);
  });

  it('reschedules later: the earlier job finds nothing due and the email waits for its new time', async () => {
    const { userId, sender } = proUser();
    const to = inbox();
    const { id } = (
      await call(userId, 'POST', '/emails', {
        from: sender,
        to,
        subject: 'Not yet',
        text: 'wait',
        scheduled_at: new Date(Date.now() + 1_000).toISOString(),
      })
    ).json();
    const moved = await call(userId, 'PATCH', `/emails/${id}`, { scheduled_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(moved.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(h.smtp.to(to)).toHaveLength(0);
    expect(await h.emailStatus(id)).toBe('scheduled');
  });

  it('cancels a scheduled email (the SDK posts no body), and refuses to move or cancel it again', async () => {
    const { userId, sender } = proUser();
    const { id } = (
      await call(userId, 'POST', '/emails', {
        from: sender,
        to: inbox(),
        subject: 'Cancel me',
        text: 'x',
        scheduled_at: 'in 2 days',
      })
    ).json();
    const cancelled = await h.app.inject({
      method: 'POST',
      url: `/compat/resend/emails/${id}/cancel`,
      headers: { ...(await apiHeaders(userId)), 'content-type': 'application/json' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ object: 'email', id });
    expect((await call(userId, 'GET', `/emails/${id}`)).json().last_event).toBe('canceled');
    const again = await call(userId, 'POST', `/emails/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().name).toBe('validation_error');
    const move = await call(userId, 'PATCH', `/emails/${id}`, { scheduled_at: 'in 1 hour' });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toEqual({
      statusCode: 409,
      name: 'validation_error',
      message: 'Only scheduled emails can be rescheduled',
    });
    const past = await call(userId, 'PATCH', `/emails/${randomUUID()}`, { scheduled_at: 'in 1 hour' });
    expect(past.json()).toEqual({ statusCode: 404, name: 'not_found', message: 'Email not found' });
  });
});

describe('everything else', () => {
  it("answers another user's email and unknown ids 404, unmapped resources 501, unknown paths 404", async () => {
    const owner = proUser();
    const { id } = (
      await call(owner.userId, 'POST', '/emails', { from: owner.sender, to: inbox(), subject: 's', text: 't' })
    ).json();
    const stranger = proUser();
    expect((await call(stranger.userId, 'GET', `/emails/${id}`)).json()).toEqual({
      statusCode: 404,
      name: 'not_found',
      message: 'Email not found',
    });
    const domains = await call(stranger.userId, 'GET', '/domains');
    expect(domains.statusCode).toBe(501);
    expect(domains.json()).toEqual({ statusCode: 501, name: 'method_not_allowed', message: expect.stringContaining('/domains') });
    expect((await call(stranger.userId, 'POST', '/audiences', { name: 'x' })).statusCode).toBe(501);
    const unknown = await call(stranger.userId, 'GET', '/nothing-here');
    expect(unknown.json()).toEqual({
      statusCode: 404,
      name: 'not_found',
      message: 'Route GET /compat/resend/nothing-here not found',
    });
  });
});
