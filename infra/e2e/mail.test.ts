// Sending through the gateway into a real SMTP peer: rendering, tracking, scheduling, cancel, quota,
// idempotency, the public API and isolation between users.
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { api, gatewayUrl, mailsTo, type SignedInUser, signUpVerified, waitForMail } from './support/api';
import { upgrade } from './support/checkout';

type EmailLog = {
  _id: string;
  status: string;
  to: string[];
  scheduledAt: string | null;
  sentAt: string | null;
  timezone: string | null;
  analytics: { opened: boolean; openedAt: string | null; clicked: boolean; clickedAt: string | null };
  error: string | null;
};

const inbox = (label: string) => `${label}-${randomBytes(4).toString('hex')}@inbox.test`;

async function withSmtpAccount(label: string): Promise<SignedInUser> {
  const user = await signUpVerified(label);
  const account = await api('/api/email-accounts/smtp', {
    token: user.token,
    body: {
      email: `${label}@sender.test`,
      displayName: 'Mailwright Sender',
      host: '127.0.0.1',
      port: inject('sinkSmtpPort'),
      secure: false,
      username: 'sender',
      password: 'sink-accepts-anything',
    },
  });
  if (account.status !== 201) throw new Error(`account: ${account.status} ${account.text}`);
  return user;
}

async function waitForStatus(
  token: string,
  id: string,
  accept: (log: EmailLog) => boolean,
  timeoutMs = 15_000,
): Promise<EmailLog> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api<{ data: EmailLog }>(`/api/emails/${id}`, { token });
    if (accept(body.data) || Date.now() > deadline) return body.data;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('mail through the gateway', () => {
  it('refuses to send before the user has an account', async () => {
    const user = await signUpVerified('noacct');
    const response = await api('/api/emails/send', { token: user.token, body: { to: [inbox('x')], subject: 's', body: 'b' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Add an email account first before sending emails.');
  });

  it('renders a template, delivers it with tracking, and records the open and the click', async () => {
    const user = await withSmtpAccount('render');
    const template = await api<{ data: { _id: string } }>('/api/templates', {
      token: user.token,
      body: {
        name: 'Invite',
        subject: 'Welcome {{ firstName }}',
        body: '<p>Hi {{firstName}}, see <a href="https://example.com/docs?x=1">the docs</a></p>',
      },
    });
    const to = inbox('render-to');
    const cc = inbox('render-cc');
    const missing = await api('/api/emails/send', {
      token: user.token,
      body: { to: [to], templateId: template.body.data._id, variables: {} },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('firstName');

    const sent = await api<{ data: EmailLog }>('/api/emails/send', {
      token: user.token,
      body: { to: [to], cc: [cc], templateId: template.body.data._id, variables: { firstName: 'Ada' } },
    });
    expect(sent.status).toBe(201);
    const mail = await waitForMail(to);
    expect(mail.from).toBe('render@sender.test');
    expect(mail.to).toEqual([to]);
    expect(mail.cc).toEqual([cc]);
    expect(mail.subject).toBe('Welcome Ada');
    expect(mail.html).toContain('Hi Ada');
    const pixel = mail.html.match(/https?:\/\/[^"']+\/t\/o\/[^"']+/)?.[0];
    const link = mail.html.match(/https?:\/\/[^"']+\/t\/c\/[^"']+/)?.[0];
    expect(pixel).toBeTruthy();
    expect(link).toBeTruthy();
    expect(mail.html).not.toContain('https://example.com/docs');

    const log = await waitForStatus(user.token, sent.body.data._id, (entry) => entry.status === 'sent');
    expect(log.sentAt).toBeTruthy();

    const pixelResponse = await fetch(`${gatewayUrl()}${new URL(pixel ?? '').pathname}`);
    expect(pixelResponse.headers.get('content-type')).toContain('image/gif');
    const click = await fetch(`${gatewayUrl()}${new URL(link ?? '').pathname}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://example.com/docs?x=1');

    const tracked = await waitForStatus(
      user.token,
      sent.body.data._id,
      (entry) => entry.analytics.opened && entry.analytics.clicked,
    );
    expect(tracked.analytics).toMatchObject({ opened: true, clicked: true });

    const forged = await fetch(`${gatewayUrl()}${new URL(link ?? '').pathname.slice(0, -4)}AAAA?url=https://evil.test`, {
      redirect: 'manual',
    });
    expect(forged.status).toBe(404);
    expect(forged.headers.get('location')).toBeNull();

    const stats = await api<{ data: { sent: number; opened: number; clicked: number; openRate: number } }>(
      '/api/emails/analytics/stats',
      { token: user.token },
    );
    expect(stats.body.data).toMatchObject({ sent: 1, opened: 1, clicked: 1, openRate: 100 });

    const other = await signUpVerified('render-other');
    expect((await api(`/api/emails/${sent.body.data._id}`, { token: other.token })).status).toBe(404);
    expect((await api(`/api/emails/${sent.body.data._id}/cancel`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await api<{ data: unknown[] }>('/api/emails', { token: other.token })).body.data).toHaveLength(0);
  });

  it('delivers a scheduled email on time, not early, and cancels another', async () => {
    const user = await withSmtpAccount('sched');
    const to = inbox('sched');
    const scheduledAt = new Date(Date.now() + 3_000);
    const scheduled = await api<{ data: EmailLog }>('/api/emails/send', {
      token: user.token,
      body: { to: [to], subject: 'Later', body: 'plain text', scheduledAt: scheduledAt.toISOString(), timezone: 'Asia/Kolkata' },
    });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.data).toMatchObject({ status: 'scheduled', timezone: 'Asia/Kolkata' });

    const cancelTo = inbox('cancelled');
    const toCancel = await api<{ data: EmailLog }>('/api/emails/send', {
      token: user.token,
      body: { to: [cancelTo], subject: 'Never', body: 'x', scheduledAt: new Date(Date.now() + 2_000).toISOString() },
    });
    const cancelled = await api(`/api/emails/${toCancel.body.data._id}/cancel`, { method: 'DELETE', token: user.token });
    expect(cancelled.status).toBe(200);
    expect((await api(`/api/emails/${toCancel.body.data._id}/cancel`, { method: 'DELETE', token: user.token })).status).toBe(409);

    const mail = await waitForMail(to, () => true, 10_000);
    expect(mail.receivedAt).toBeGreaterThanOrEqual(scheduledAt.getTime() - 50);
    expect(mail.receivedAt - scheduledAt.getTime()).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await mailsTo(cancelTo)).toHaveLength(0);
    expect((await api<{ data: EmailLog }>(`/api/emails/${toCancel.body.data._id}`, { token: user.token })).body.data.status).toBe(
      'cancelled',
    );
  });

  it('accepts exactly 100 of 110 concurrent sends for a free user', async () => {
    const user = await withSmtpAccount('quota');
    const to = inbox('quota');
    const answers = await Promise.all(
      Array.from({ length: 110 }, (_, i) =>
        api('/api/emails/send', { token: user.token, body: { to: [to], subject: `n${i}`, body: 'x' } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(answers.find((answer) => answer.status === 429)?.body.message).toMatch(/100 emails/);
    const me = await api<{ user: { emailQuota: { used: number; limit: number } } }>('/api/auth/me', { token: user.token });
    expect(me.body.user.emailQuota).toEqual({ used: 100, limit: 100 });
  });

  it('sends once per Idempotency-Key and refuses the key with another body', async () => {
    const user = await withSmtpAccount('idem');
    const to = inbox('idem');
    const key = randomBytes(8).toString('hex');
    const body = { to: [to], subject: 'Once', body: 'x' };
    const first = await api<{ data: EmailLog }>('/api/emails/send', {
      token: user.token,
      body,
      headers: { 'idempotency-key': key },
    });
    const again = await api<{ data: EmailLog }>('/api/emails/send', {
      token: user.token,
      body,
      headers: { 'idempotency-key': key },
    });
    expect(again.body.data._id).toBe(first.body.data._id);
    const conflict = await api('/api/emails/send', {
      token: user.token,
      body: { ...body, subject: 'Different' },
      headers: { 'idempotency-key': key },
    });
    expect(conflict.status).toBe(409);
    await waitForMail(to);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('opens the public API to pro users only, through X-API-Key', async () => {
    const user = await withSmtpAccount('apikey');
    const refusedKey = await api('/api/api-keys', { token: user.token, body: { name: 'server' } });
    expect(refusedKey.status).toBe(403);
    expect(refusedKey.body.message).toMatch(/Pro and Enterprise/);

    await upgrade(user.token, 'pro');
    const created = await api<{ data: { key: string; id: string } }>('/api/api-keys', {
      token: user.token,
      body: { name: 'server' },
    });
    expect(created.status).toBe(201);
    const apiKey = created.body.data.key;
    const to = inbox('apikey');
    const accepted = await api<{ data: EmailLog }>('/api/emails/api/send', {
      apiKey,
      body: { to: [to], subject: 'API', body: 'x' },
    });
    expect(accepted.status).toBe(201);
    await waitForMail(to);

    expect(
      (await api('/api/emails/api/send', { apiKey: `${apiKey}x`, body: { to: [to], subject: 'x', body: 'x' } })).status,
    ).toBe(401);
    await api(`/api/api-keys/${created.body.data.id}/toggle`, { method: 'PUT', token: user.token });
    let disabled = await api('/api/emails/api/send', { apiKey, body: { to: [to], subject: 'x', body: 'x' } });
    const deadline = Date.now() + 6_000;
    while (disabled.status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      disabled = await api('/api/emails/api/send', { apiKey, body: { to: [to], subject: 'x', body: 'x' } });
    }
    expect(disabled.status).toBe(401);
  });
});
