// The mailbox-aware delivery engine through the gateway and every real service (issue 20): a sender's limits
// hold its emails with a visible reason and time, its usage shows them, a resume answers, and sender pools are a
// paid feature whose emails go from the account the engine picks.
import { randomBytes } from 'node:crypto';
import type { EmailAccount, EmailLog, SenderPool, SenderUsage } from '@mailwright/contracts';
import { describe, expect, inject, it } from 'vitest';
import { api, type SignedInUser, signUpVerified, waitForMail } from './support/api';
import { upgrade } from './support/checkout';

const inbox = (label: string) => `${label}-${randomBytes(4).toString('hex')}@inbox.test`;

async function addSmtpAccount(user: SignedInUser, label: string): Promise<EmailAccount> {
  const response = await api<{ data: EmailAccount }>('/api/email-accounts/smtp', {
    token: user.token,
    body: {
      email: `${label}-${randomBytes(3).toString('hex')}@sender.test`,
      displayName: label,
      host: '127.0.0.1',
      port: inject('sinkSmtpPort'),
      secure: false,
      username: 'sender',
      password: 'sink-accepts-anything',
    },
  });
  if (response.status !== 201) throw new Error(`account: ${response.status} ${response.text}`);
  return response.body.data;
}

async function send(user: SignedInUser, body: Record<string, unknown>): Promise<EmailLog> {
  const response = await api<{ data: EmailLog }>('/api/emails/send', { token: user.token, body });
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const email = (user: SignedInUser, id: string) =>
  api<{ data: EmailLog }>(`/api/emails/${id}`, { token: user.token }).then((response) => response.body.data);

describe('per-sender limits through the gateway', () => {
  it('holds what exceeds perMinute with its reason and time, and counts it in the usage', async () => {
    const user = await signUpVerified('limits');
    const account = await addSmtpAccount(user, 'limited');
    const limits = await api<{ data: EmailAccount }>(`/api/email-accounts/${account.id}/limits`, {
      method: 'PUT',
      token: user.token,
      body: { perMinute: 2, perDay: null, recipientsPerDay: null },
    });
    expect(limits.status, limits.text).toBe(200);

    const to = [inbox('a'), inbox('b'), inbox('c')];
    const sent: EmailLog[] = [];
    for (const address of to) sent.push(await send(user, { to: [address], subject: 'Paced', body: 'one of three' }));
    // Each email is its own job, so which two go first is the workers' race; the third waits.
    const logs = await until(
      () => Promise.all(sent.map((log) => email(user, log._id))),
      (found) => found.filter((log) => log.status === 'sent').length === 2 && found.some((log) => log.hold !== null),
    );
    expect(logs.filter((log) => log.status === 'sent')).toHaveLength(2);
    const third = logs.find((log) => log.status !== 'sent') as EmailLog;
    await Promise.all(logs.filter((log) => log.status === 'sent').map((log) => waitForMail(log.to[0] as string)));
    expect(third.status).toBe('queued');
    expect(third.hold?.reason).toBe('sender_minute_limit');
    expect(Date.parse(third.hold?.until as string) - Date.now()).toBeGreaterThan(30_000);

    const usage = await api<{ data: SenderUsage }>(`/api/email-accounts/${account.id}/usage`, { token: user.token });
    expect(usage.status, usage.text).toBe(200);
    expect(usage.body.data).toMatchObject({ minute: { used: 2, limit: 2 }, day: { used: 2, limit: null }, held: 1 });

    const list = await api<{ data: EmailAccount[] }>('/api/email-accounts', { token: user.token });
    expect(list.body.data.find((entry) => entry.id === account.id)).toMatchObject({
      limits: { perMinute: 2 },
      health: { state: 'active' },
    });
  });

  it('answers 404 for another user’s sender usage', async () => {
    const owner = await signUpVerified('usage-owner');
    const account = await addSmtpAccount(owner, 'private');
    const stranger = await signUpVerified('usage-stranger');
    const response = await api(`/api/email-accounts/${account.id}/usage`, { token: stranger.token });
    expect(response.status).toBe(404);
  });
});

describe('sender pools through the gateway', () => {
  it('are refused on the free plan with the upgrade link', async () => {
    const user = await signUpVerified('pool-free');
    const account = await addSmtpAccount(user, 'solo');
    const response = await api('/api/sender-pools', {
      token: user.token,
      body: { name: 'Newsletters', accountIds: [account.id], strategy: 'failover' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 'PLAN_LIMIT',
      message: 'Sender pools are available on the Pro and Enterprise plans. Upgrade at /pricing to use them.',
    });
  });

  it('send from the pool’s first account with capacity, and the log shows which one', async () => {
    const user = await signUpVerified('pool-pro');
    await upgrade(user.token, 'pro');
    const first = await addSmtpAccount(user, 'first');
    const second = await addSmtpAccount(user, 'second');
    // The first account may send one email a day: the second email fails over to the second account.
    await api(`/api/email-accounts/${first.id}/limits`, {
      method: 'PUT',
      token: user.token,
      body: { perMinute: null, perDay: 1, recipientsPerDay: null },
    });
    const created = await api<{ data: SenderPool }>('/api/sender-pools', {
      token: user.token,
      body: { name: 'Transactional', accountIds: [first.id, second.id], strategy: 'failover' },
    });
    expect(created.status, created.text).toBe(201);
    const poolId = created.body.data.id;

    const to = [inbox('p1'), inbox('p2')];
    const sent: EmailLog[] = [];
    for (const address of to) {
      sent.push(await send(user, { to: [address], subject: 'Pooled', body: 'b', senderPoolId: poolId }));
      await waitForMail(address);
    }
    const logs = await Promise.all(
      sent.map((log) =>
        until(
          () => email(user, log._id),
          (found) => found.status === 'sent',
        ),
      ),
    );
    expect(logs.map((log) => log.emailAccountId)).toEqual([first.id, second.id]);
    expect(logs.map((log) => log.from)).toEqual([first.email, second.email]);
    expect(logs.every((log) => log.senderPoolId === poolId)).toBe(true);

    const stranger = await signUpVerified('pool-stranger');
    expect((await api(`/api/sender-pools/${poolId}`, { token: stranger.token })).status).toBe(404);
  });
});
