// Issue 21 through the gateway and every real service: the worker reads the sender's own IMAP mailbox (a real
// dovecot) and finds a late bounce and a reply there; the suppression list then protects the address; one-click
// unsubscribe works with no login; the list imports and exports CSV through the gateway.
import { randomBytes } from 'node:crypto';
import type { EmailAccount, EmailLog, EmailStats, Suppression, SuppressionImportResult } from '@mailwright/contracts';
import { describe, expect, inject, it } from 'vitest';
import { api, gatewayUrl, type SignedInUser, signUpVerified, waitForMail } from './support/api';
import { LATE_BOUNCE_DOMAIN } from './support/late-bounces';

const POLL_MS = 1_000;

async function sinkCall(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${inject('sinkApiUrl')}${path}`, { method: 'POST', body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`sink ${path}: ${response.status} ${await response.text()}`);
}

/** A sender whose SMTP sign-in also opens its IMAP mailbox (the feedback reader's default). */
async function senderWithMailbox(user: SignedInUser): Promise<EmailAccount> {
  const address = `sender-${randomBytes(4).toString('hex')}@sender.test`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  await sinkCall('/mailboxes', { user: address, password });
  const created = await api<{ data: EmailAccount }>('/api/email-accounts/smtp', {
    token: user.token,
    body: { email: address, host: '127.0.0.1', port: inject('sinkSmtpPort'), secure: false, username: address, password },
  });
  expect(created.status, created.text).toBe(201);
  expect(created.body.data.feedback).toMatchObject({ enabled: true });
  const feedback = await api<{ data: EmailAccount }>(`/api/email-accounts/${created.body.data.id}/feedback`, {
    method: 'PUT',
    token: user.token,
    body: { enabled: true, imap: { host: '127.0.0.1', port: inject('imapPort'), secure: false } },
  });
  expect(feedback.status, feedback.text).toBe(200);
  expect(feedback.body.data.feedback).toMatchObject({
    enabled: true,
    imap: { host: '127.0.0.1', secure: false, username: address },
  });
  return feedback.body.data;
}

async function send(user: SignedInUser, body: Record<string, unknown>): Promise<EmailLog> {
  const response = await api<{ data: EmailLog }>('/api/emails/send', { token: user.token, body });
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const emailOf = (user: SignedInUser, id: string) =>
  api<{ data: EmailLog }>(`/api/emails/${id}`, { token: user.token }).then((response) => response.body.data);

describe('bounces and replies read back from the sender mailbox', () => {
  it('turns a late bounce into bounced within the poll interval + 5 s, then suppresses the address', async () => {
    const user = await signUpVerified('feedback');
    const account = await senderWithMailbox(user);
    const dead = `gone-${randomBytes(3).toString('hex')}@${LATE_BOUNCE_DOMAIN}`;
    const email = await send(user, { to: [dead], subject: 'Will bounce', body: 'Hello', emailAccountId: account.id });
    // The sink files the bounce as soon as it accepts the message, so the reader may find it before this loop
    // sees 'sent': either state means the message left, and the clock starts now at the latest.
    const left = await until(
      () => emailOf(user, email.id),
      (value) => value.status === 'sent' || value.status === 'bounced',
      15_000,
    );
    expect(['sent', 'bounced']).toContain(left.status);
    const sentAt = Date.now();

    const bounced = await until(
      () => emailOf(user, email.id),
      (value) => value.status === 'bounced',
      POLL_MS + 5_000,
    );
    if (bounced.status !== 'bounced') {
      // What the reader last reported for the mailbox, so a miss on a loaded host says whether it read at all.
      const accounts = await api<{ data: EmailAccount[] }>('/api/email-accounts', { token: user.token });
      const feedback = accounts.body.data.find((item) => item.id === account.id)?.feedback;
      expect.fail(`not bounced ${Date.now() - sentAt} ms after sending; the mailbox reader: ${JSON.stringify(feedback)}`);
    }
    expect(bounced.bounce).toMatchObject({ type: 'hard', code: '5.1.1', recipient: dead });
    expect(bounced.bounce?.diagnostic).toContain('User unknown');

    const listed = await api<{ data: Suppression[] }>(`/api/suppressions?search=${encodeURIComponent(dead)}`, {
      token: user.token,
    });
    expect(listed.body.data).toEqual([expect.objectContaining({ email: dead, reason: 'hard_bounce', emailId: email.id })]);
    const again = await send(user, { to: [dead], subject: 'Again', body: 'Hello', emailAccountId: account.id });
    expect(again.status).toBe('suppressed');

    // The reader applies what it found during its pass and reports the mailbox's state at the pass's end.
    const state = await until(
      async () => {
        const accounts = await api<{ data: EmailAccount[] }>('/api/email-accounts', { token: user.token });
        return accounts.body.data.find((item) => item.id === account.id)?.feedback;
      },
      (feedback) => feedback?.state !== 'pending',
      10_000,
    );
    expect(state).toMatchObject({ enabled: true, state: 'reading', error: null });
    expect(state?.lastCheckedAt).not.toBeNull();
    const stats = await api<{ data: EmailStats }>('/api/emails/analytics/stats', { token: user.token });
    expect(stats.body.data).toMatchObject({ bounced: 1, bounceRate: 100 });
  });

  it('records a reply to one of our emails from the mailbox', async () => {
    const user = await signUpVerified('replies');
    const account = await senderWithMailbox(user);
    const friend = `friend-${randomBytes(3).toString('hex')}@inbox.test`;
    const email = await send(user, { to: [friend], subject: 'Lunch on Friday?', body: 'Shall we?', emailAccountId: account.id });
    await until(
      () => emailOf(user, email.id),
      (value) => value.status === 'sent',
      15_000,
    );
    const reply = [
      `From: Friend <${friend}>`,
      `To: ${account.email}`,
      'Subject: Re: Lunch on Friday?',
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <reply-${randomBytes(4).toString('hex')}@inbox.test>`,
      `In-Reply-To: ${email.messageId}`,
      `References: ${email.messageId}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Yes, noon works for me.',
      '',
      'On Tue, someone wrote:',
      '> Shall we?',
      '',
    ].join('\r\n');
    await sinkCall('/mailboxes/messages', { user: account.email, raw: reply });
    const replied = await until(
      () => emailOf(user, email.id),
      (value) => value.analytics.replied,
      POLL_MS + 5_000,
    );
    expect(replied.analytics.replied).toBe(true);
    expect(replied.reply).toMatchObject({ from: friend, subject: 'Re: Lunch on Friday?' });
    expect(replied.reply?.snippet).toContain('Yes, noon works');
    expect(replied.reply?.snippet).not.toContain('Shall we');
  });
});

describe('one-click unsubscribe and the suppression list through the gateway', () => {
  it('carries RFC 8058 headers; a POST with no login unsubscribes; the GET page confirms', async () => {
    const user = await signUpVerified('unsubscribe');
    const account = await senderWithMailbox(user);
    const reader = `reader-${randomBytes(3).toString('hex')}@inbox.test`;
    const email = await send(user, {
      to: [reader],
      subject: 'Newsletter',
      body: '<p>News</p>',
      emailAccountId: account.id,
      unsubscribe: true,
    });
    const mail = await waitForMail(reader);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = /<(https?:\/\/[^>]+\/u\/[A-Za-z0-9_-]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(url, mail.headers['list-unsubscribe']).toBeDefined();
    const path = new URL(url as string).pathname;

    const page = await fetch(`${gatewayUrl()}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Unsubscribe');
    const post = await fetch(`${gatewayUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    const listed = await api<{ data: Suppression[] }>(`/api/suppressions?search=${encodeURIComponent(reader)}`, {
      token: user.token,
    });
    expect(listed.body.data).toEqual([expect.objectContaining({ email: reader, reason: 'unsubscribe', emailId: email.id })]);
    const forged = await fetch(`${gatewayUrl()}/u/${Buffer.alloc(32, 1).toString('base64url')}`, { method: 'POST', body: '' });
    expect(forged.status).toBe(404);
  });

  it('imports and exports CSV, and keeps each user to their own list', async () => {
    const user = await signUpVerified('suppress-csv');
    const other = await signUpVerified('suppress-other');
    const csv = `email\n${Array.from({ length: 2_000 }, (_, i) => `user${i}@csv.test`).join('\n')}\nnot-an-address\n`;
    const imported = await api<{ data: SuppressionImportResult }>('/api/suppressions/import', {
      token: user.token,
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.data).toMatchObject({ rows: 2_001, added: 2_000, invalid: 1 });
    const exported = await fetch(`${gatewayUrl()}/api/suppressions/export`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(exported.headers.get('content-disposition')).toContain('suppressions.csv');
    expect((await exported.text()).trim().split('\n')).toHaveLength(2_001);
    const theirs = await api<{ pagination: { total: number } }>('/api/suppressions', { token: other.token });
    expect(theirs.body.pagination.total).toBe(0);
    const removal = await api('/api/suppressions/user1%40csv.test', { method: 'DELETE', token: other.token });
    expect(removal.status).toBe(404);
    const unauthenticated = await api('/api/suppressions');
    expect(unauthenticated.status).toBe(401);
  });
});
