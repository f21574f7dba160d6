// The official `resend` npm package against the whole stack's /compat/resend: nothing here speaks Resend's API but
// the SDK itself, pointed at the gateway with RESEND_BASE_URL and given a Mailwright API key. Every delivered
// message is checked at the SMTP sink.
import { randomUUID } from 'node:crypto';
import { Resend } from 'resend';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, gatewayUrl, mailsTo, type SignedInUser, signUpVerified, uniqueEmail, waitForMail } from './support/api';
import { cancelToFree, upgrade } from './support/checkout';

let pro: { user: SignedInUser; apiKey: string; sender: string };
let free: { user: SignedInUser; apiKey: string; sender: string };

/** A client as an application would make one: the SDK reads RESEND_BASE_URL when it is constructed. */
function resendClient(key: string): Resend {
  const before = process.env.RESEND_BASE_URL;
  process.env.RESEND_BASE_URL = `${gatewayUrl()}/compat/resend`;
  try {
    return new Resend(key);
  } finally {
    if (before === undefined) delete process.env.RESEND_BASE_URL;
    else process.env.RESEND_BASE_URL = before;
  }
}

async function senderWithKey(label: string): Promise<{ user: SignedInUser; apiKey: string; sender: string }> {
  const user = await signUpVerified(label);
  const sender = uniqueEmail(`${label}-sender`);
  const account = await api('/api/email-accounts/smtp', {
    token: user.token,
    body: {
      email: sender,
      displayName: 'Resend Migrant',
      host: '127.0.0.1',
      port: inject('sinkSmtpPort'),
      secure: false,
      username: label,
      password: 'smtp-password',
    },
  });
  expect(account.status).toBe(201);
  return { user, apiKey: '', sender };
}

async function apiKeyOf(user: SignedInUser, name: string): Promise<string> {
  const key = await api<{ data: { key: string } }>('/api/api-keys', { token: user.token, body: { name } });
  expect(key.status).toBe(201);
  return key.body.data.key;
}

beforeAll(async () => {
  pro = await senderWithKey('resend-pro');
  const { verify } = await upgrade(pro.user.token, 'pro');
  expect(verify.status).toBe(200);
  pro.apiKey = await apiKeyOf(pro.user, 'resend');
  free = await senderWithKey('resend-free');
  // A key made while the plan allowed it, kept after going back to free: the plan rule is checked per request.
  expect((await upgrade(free.user.token, 'pro')).verify.status).toBe(200);
  free.apiKey = await apiKeyOf(free.user, 'resend');
  await cancelToFree(free.user.token);
});

afterAll(() => {
  delete process.env.RESEND_BASE_URL;
});

async function lastEvent(resend: Resend, id: string, wanted: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { data, error } = await resend.emails.get(id);
    expect(error).toBeNull();
    if (data?.last_event === wanted) return data as unknown as Record<string, unknown>;
    if (Date.now() > deadline) throw new Error(`email ${id} is ${data?.last_event}, not ${wanted}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the resend SDK against /compat/resend', () => {
  it('sends html, text, reply-to, headers, tags and an attachment, and reads the email back', async () => {
    const resend = resendClient(pro.apiKey);
    const to = uniqueEmail('resend-to');
    const pdf = Buffer.from(`%PDF-1.4 ${randomUUID()}\n\u00ff\u0000binary`, 'latin1');
    const { data, error } = await resend.emails.send({
      from: `Acme Billing <${pro.sender}>`,
      to: [to],
      subject: 'Your receipt ✓',
      html: '<p>Thanks for your <strong>order</strong></p>',
      text: 'Thanks for your order',
      replyTo: 'billing@acme.example',
      headers: { 'X-Entity-Ref-ID': 'receipt-7' },
      tags: [{ name: 'category', value: 'receipt' }],
      attachments: [{ filename: 'receipt.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(error).toBeNull();
    const id = data?.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const mail = await waitForMail(to);
    expect(mail.from).toBe(pro.sender);
    expect(mail.subject).toBe('Your receipt ✓');
    expect(mail.html).toContain('Thanks for your <strong>order</strong>');
    expect(mail.text.trim()).toBe('Thanks for your order');
    expect(mail.headers['reply-to']).toBe('billing@acme.example');
    expect(mail.headers['x-entity-ref-id']).toBe('receipt-7');
    expect(mail.headers['content-type']).toMatch(/^multipart\/mixed/);
    expect(mail.attachments).toEqual([
      { filename: 'receipt.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ]);
    expect(Object.keys(mail.headers)).not.toContain('x-tags');

    const email = await lastEvent(resend, id, 'sent');
    expect(email).toMatchObject({
      object: 'email',
      id,
      to: [to],
      from: `Resend Migrant <${pro.sender}>`,
      subject: 'Your receipt ✓',
      html: '<p>Thanks for your <strong>order</strong></p>',
      text: 'Thanks for your order',
      reply_to: ['billing@acme.example'],
      scheduled_at: null,
      tags: [{ name: 'category', value: 'receipt' }],
    });
  });

  it('sends a batch', async () => {
    const resend = resendClient(pro.apiKey);
    const recipients = [uniqueEmail('resend-batch'), uniqueEmail('resend-batch')];
    const { data, error } = await resend.batch.send(
      recipients.map((to, index) => ({ from: pro.sender, to, subject: `Batch ${index}`, text: `number ${index}` })),
    );
    expect(error).toBeNull();
    expect(data?.data).toHaveLength(2);
    for (const [index, to] of recipients.entries()) {
      const mail = await waitForMail(to);
      expect(mail.subject).toBe(`Batch ${index}`);
      expect(mail.text.trim()).toBe(`number ${index}`);
    }
  });

  it('schedules, reschedules (PATCH) and cancels', async () => {
    const resend = resendClient(pro.apiKey);
    const soon = uniqueEmail('resend-soon');
    const scheduled = await resend.emails.send({
      from: pro.sender,
      to: soon,
      subject: 'Scheduled',
      html: '<p>later</p>',
      scheduledAt: 'in 1 hour',
    });
    expect(scheduled.error).toBeNull();
    const id = scheduled.data?.id as string;
    await lastEvent(resend, id, 'scheduled');
    const at = new Date(Date.now() + 2_000).toISOString();
    const moved = await resend.emails.update({ id, scheduledAt: at });
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ object: 'email', id });
    const mail = await waitForMail(soon);
    expect(mail.subject).toBe('Scheduled');
    expect(mail.receivedAt).toBeGreaterThanOrEqual(Date.parse(at) - 1_000);

    const never = uniqueEmail('resend-never');
    const later = await resend.emails.send({ from: pro.sender, to: never, subject: 'Never', text: 'x', scheduledAt: 'in 1 day' });
    const laterId = later.data?.id as string;
    const pushed = await resend.emails.update({ id: laterId, scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    expect(pushed.error).toBeNull();
    const cancelled = await resend.emails.cancel(laterId);
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toEqual({ object: 'email', id: laterId });
    await lastEvent(resend, laterId, 'canceled');
    const again = await resend.emails.cancel(laterId);
    expect(again.error).toMatchObject({ statusCode: 409, name: 'validation_error' });
    expect(await mailsTo(never)).toEqual([]);
  });

  it('answers a retried Idempotency-Key with the first id and sends once', async () => {
    const resend = resendClient(pro.apiKey);
    const to = uniqueEmail('resend-once');
    const payload = { from: pro.sender, to, subject: 'Exactly once', text: 'once' };
    const idempotencyKey = `order-${randomUUID()}`;
    const first = await resend.emails.send(payload, { idempotencyKey });
    const retry = await resend.emails.send(payload, { idempotencyKey });
    expect(first.error).toBeNull();
    expect(retry.data).toEqual(first.data);
    await waitForMail(to);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await mailsTo(to)).toHaveLength(1);
    const changed = await resend.emails.send({ ...payload, subject: 'Another body' }, { idempotencyKey });
    expect(changed.error).toMatchObject({ statusCode: 409, name: 'invalid_idempotent_request' });
  });

  it("answers errors in Resend's shape: invalid key, free plan, unknown from, validation, unmapped resources", async () => {
    const to = uniqueEmail('resend-refused');
    const invalid = await resendClient(`mw_${randomUUID()}`).emails.send({ from: pro.sender, to, subject: 's', text: 't' });
    expect(invalid.data).toBeNull();
    expect(invalid.error).toEqual({ statusCode: 403, name: 'invalid_api_key', message: 'Invalid API key' });

    const onFree = await resendClient(free.apiKey).emails.send({ from: free.sender, to, subject: 's', text: 't' });
    expect(onFree.error).toEqual({
      statusCode: 403,
      name: 'restricted_api_key',
      message: 'API access is available on the Pro and Enterprise plans. Upgrade at /pricing to use the API.',
    });

    const resend = resendClient(pro.apiKey);
    const stranger = await resend.emails.send({ from: 'Someone <someone@elsewhere.example>', to, subject: 's', text: 't' });
    expect(stranger.error).toMatchObject({ statusCode: 422, name: 'validation_error' });
    expect(stranger.error?.message).toMatch(/^`from` someone@elsewhere\.example is not one of your sender accounts/);

    const noSubject = await resend.emails.send({ from: pro.sender, to, text: 't' } as unknown as Parameters<
      typeof resend.emails.send
    >[0]);
    expect(noSubject.error).toEqual({ statusCode: 422, name: 'missing_required_field', message: 'Missing `subject` field.' });

    const badTo = await resend.emails.send({ from: pro.sender, to: 'not-an-address', subject: 's', text: 't' });
    expect(badTo.error).toMatchObject({ statusCode: 400, name: 'validation_error' });

    const missing = await resend.emails.get(randomUUID());
    expect(missing.error).toEqual({ statusCode: 404, name: 'not_found', message: 'Email not found' });

    const domains = await resend.domains.list();
    expect(domains.error).toMatchObject({ statusCode: 501, message: expect.stringContaining('/domains') });
    expect(await mailsTo(to)).toEqual([]);
  });

  it('is in the published API reference with Resend’s error shape', async () => {
    const doc = await api<{
      paths: Record<string, Record<string, { tags: string[]; security: unknown[]; responses: Record<string, unknown> }>>;
    }>('/api/openapi.json');
    const send = doc.body.paths['/compat/resend/emails']?.post;
    expect(send?.tags).toEqual(['Resend compatibility']);
    expect(send?.security).toEqual([{ apiKey: [] }]);
    expect(JSON.stringify(send?.responses['4XX'])).toContain('ResendErrorBody');
    for (const path of ['/compat/resend/emails/batch', '/compat/resend/emails/{id}', '/compat/resend/emails/{id}/cancel']) {
      expect(doc.body.paths[path], path).toBeDefined();
    }
    expect(doc.body.paths['/compat/resend/emails/{id}']?.patch).toBeDefined();
  });
});
