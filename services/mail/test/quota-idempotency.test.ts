import type { EmailLog } from '@mailwright/contracts';
import { internalHeaders, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

const h = new Harness('quota');
beforeAll(() => h.start());
afterAll(() => h.stop());

const apiSend = async (userId: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/emails/api/send',
    headers: { ...(await internalHeaders({ kind: 'api_key', userId, apiKeyId: 'key-1' })), ...headers },
    payload,
  });

describe('monthly quota', () => {
  it('accepts exactly 100 of 110 concurrent sends for a free user', async () => {
    const { userId } = h.newUser();
    const responses = await Promise.all(
      Array.from({ length: 110 }, (_, i) => h.send(userId, { to: [`q${i}@example.net`], subject: `Q${i}`, body: 'b' })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(100);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    const refused = responses.find((r) => r.statusCode === 429)!.json();
    expect(refused).toEqual({
      message: 'Monthly email limit reached: your free plan allows 100 emails per month. Upgrade at /pricing for more.',
      code: 'QUOTA_EXCEEDED',
    });
    const { rows } = await h.pool.query('SELECT count(*)::int AS n FROM mail.emails WHERE user_id = $1', [userId]);
    expect(rows[0].n).toBe(100);
    const quota = await h.app.inject({
      method: 'GET',
      url: `/internal/quota/${userId}`,
      headers: await serviceHeaders('identity'),
    });
    expect(quota.json()).toEqual({ data: { used: 100, limit: 100 } });
    await waitFor(async () => {
      const sent = await h.pool.query("SELECT count(*)::int AS n FROM mail.emails WHERE user_id = $1 AND status = 'sent'", [
        userId,
      ]);
      return sent.rows[0].n === 100;
    }, 20_000);
  });

  it('names the plan limit with thousands separators and treats -1 as unlimited', async () => {
    const pro = h.newUser();
    h.services.setPlan(pro.userId, 'pro');
    await h.pool.query(
      "INSERT INTO mail.quota_usage (user_id, month, used, email_limit) VALUES ($1, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), 10000, 10000)",
      [pro.userId],
    );
    const refused = await h.send(pro.userId, { to: ['x@example.net'], subject: 's', body: 'b' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Monthly email limit reached: your pro plan allows 10,000 emails per month. Upgrade at /pricing for more.',
    );
    const enterprise = h.newUser();
    h.services.setPlan(enterprise.userId, 'enterprise');
    await h.pool.query(
      "INSERT INTO mail.quota_usage (user_id, month, used, email_limit) VALUES ($1, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), 50000, -1)",
      [enterprise.userId],
    );
    expect((await h.send(enterprise.userId, { to: ['x@example.net'], subject: 's', body: 'b' })).statusCode).toBe(201);
  });
});

describe('public API', () => {
  it('refuses API keys of free users with 403 and accepts pro users', async () => {
    const free = h.newUser();
    const refused = await apiSend(free.userId, { to: ['x@example.net'], subject: 's', body: 'b' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'API access is available on the Pro and Enterprise plans. Upgrade at /pricing to use the API.',
      code: 'API_ACCESS_REQUIRED',
    });
    const pro = h.newUser();
    h.services.setPlan(pro.userId, 'pro');
    const accepted = await apiSend(pro.userId, { to: ['api@example.net'], subject: 'From the API', body: 'b' });
    expect(accepted.statusCode).toBe(201);
    await waitFor(() => h.smtp.to('api@example.net').length === 1);
  });

  it('refuses the API route to callers without an API key', async () => {
    const { userId } = h.newUser();
    const response = await h.app.inject({
      method: 'POST',
      url: '/emails/api/send',
      headers: await userHeaders(userId),
      payload: { to: ['x@example.net'], subject: 's', body: 'b' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body and sends once', async () => {
    const { userId } = h.newUser();
    const payload = { to: ['idem@example.net'], subject: 'Once', body: 'b' };
    const first = await h.send(userId, payload, { 'idempotency-key': 'order-42' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await h.send(
      userId,
      { body: 'b', subject: 'Once', to: ['idem@example.net'] },
      { 'idempotency-key': 'order-42' },
    );
    expect([200, 201]).toContain(second.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');

    const conflict = await h.send(userId, { ...payload, subject: 'Different' }, { 'idempotency-key': 'order-42' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('This Idempotency-Key was already used with a different request body');

    await waitFor(() => h.smtp.to('idem@example.net').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.smtp.to('idem@example.net')).toHaveLength(1);
    const { rows } = await h.pool.query('SELECT count(*)::int AS n FROM mail.emails WHERE user_id = $1', [userId]);
    expect(rows[0].n).toBe(1);
  });

  it('replays every field of the first answer, which was made before the email was stored', async () => {
    const { userId } = h.newUser();
    const payload = {
      to: ['full@example.net'],
      cc: ['cc@example.net'],
      bcc: ['bcc@example.net'],
      subject: 'Every field',
      body: '<p>Hi <a href="https://example.com/x">x</a></p>',
      text: 'Hi',
      replyTo: ['reply@example.net'],
      headers: { 'X-Campaign': 'spring', 'X-A': '1' },
      tags: [{ name: 'kind', value: 'welcome' }],
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16).replace('T', ' '),
      timezone: 'Asia/Kolkata',
    };
    const first = await h.send(userId, payload, { 'idempotency-key': 'full-1' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await h.send(userId, payload, { 'idempotency-key': 'full-1' });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const shown = await h.app.inject({
      method: 'GET',
      url: `/emails/${first.json().data.id}`,
      headers: await userHeaders(userId),
    });
    expect(shown.json().data).toEqual(first.json().data);
  });

  it('stores one email for concurrent requests with one key', async () => {
    const { userId } = h.newUser();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        h.send(userId, { to: ['race@example.net'], subject: 'Race', body: 'b' }, { 'idempotency-key': 'race-1' }),
      ),
    );
    const ids = new Set(responses.map((r) => (r.json() as { data: EmailLog }).data.id));
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const { rows } = await h.pool.query('SELECT count(*)::int AS n FROM mail.emails WHERE user_id = $1', [userId]);
    expect(rows[0].n).toBe(1);
  });

  it('keeps keys per user and reuses a key after 24 hours', async () => {
    const a = h.newUser();
    const b = h.newUser();
    const payload = { to: ['k@example.net'], subject: 'K', body: 'b' };
    const first = (await h.send(a.userId, payload, { 'idempotency-key': 'shared' })).json().data.id;
    const other = (await h.send(b.userId, payload, { 'idempotency-key': 'shared' })).json().data.id;
    expect(other).not.toBe(first);
    await h.pool.query("UPDATE mail.idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1", [
      a.userId,
    ]);
    const later = await h.send(a.userId, payload, { 'idempotency-key': 'shared' });
    expect(later.statusCode).toBe(201);
    expect(later.json().data.id).not.toBe(first);
  });

  it('refuses a malformed key', async () => {
    const { userId } = h.newUser();
    const response = await h.send(
      userId,
      { to: ['x@example.net'], subject: 's', body: 'b' },
      { 'idempotency-key': 'x'.repeat(300) },
    );
    expect(response.statusCode).toBe(400);
  });
});
