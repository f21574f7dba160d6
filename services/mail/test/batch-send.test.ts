// POST /emails/api/batch: per-email validation, 207 answers, and the quota taken for the whole batch or not at all,
// also when batches race each other.
import { randomUUID } from 'node:crypto';
import { FREE_ENTITLEMENTS } from '@mailwright/contracts';
import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

const h = new Harness('batch');
beforeAll(() => h.start());
afterAll(() => h.stop());

const apiHeaders = (userId: string) => internalHeaders({ kind: 'api_key', userId, apiKeyId: 'key-1' });

describe('batch send', () => {
  it('accepts the valid emails, reports the invalid ones by index, and sends them', async () => {
    const { userId } = h.newUser();
    h.services.setPlan(userId, 'pro');
    const to = `batch-${randomUUID().slice(0, 8)}@example.com`;
    const response = await h.sendBatch(userId, [
      { to: [to], subject: 'one', body: 'first' },
      { to: ['not-an-address'], subject: 'two', body: 'x' },
      { to: [to], subject: 'three' },
      { to: [to], subject: 'four', body: 'fourth', attachments: [{ filename: 'a.txt', content: 'aGVsbG8=' }] },
    ]);
    expect(response.statusCode).toBe(207);
    const body = response.json();
    expect(body.accepted).toBe(2);
    expect(body.rejected).toBe(2);
    expect(body.data.map((item: { status: string }) => item.status)).toEqual(['accepted', 'rejected', 'rejected', 'accepted']);
    expect(body.data[1].error.code).toBe('VALIDATION_ERROR');
    expect(body.data[1].error.message).toMatch(/^to\.0: /);
    expect(body.data[2].error).toEqual({ message: 'body is required', code: 'VALIDATION_ERROR' });
    expect(body.data[0].id).toBe(body.data[0].data.id);
    await waitFor(() => h.smtp.to(to).length === 2);
    const four = h.smtp.to(to).find((mail) => mail.parsed.subject === 'four');
    expect(four?.parsed.attachments[0]?.content.toString()).toBe('hello');
  });

  it('answers a retried batch with the same Idempotency-Key from the first one, and refuses the key with other emails', async () => {
    const { userId } = h.newUser();
    h.services.setPlan(userId, 'pro');
    const to = `batch-key-${randomUUID().slice(0, 8)}@example.com`;
    const keyed = async (emails: unknown[]) =>
      h.app.inject({
        method: 'POST',
        url: '/emails/api/batch',
        headers: { ...(await apiHeaders(userId)), 'idempotency-key': 'batch-42' },
        payload: { emails },
      });
    const emails = [{ to: [to], subject: 'one', body: 'first' }];
    const first = await keyed(emails);
    const again = await keyed(emails);
    expect(first.statusCode).toBe(207);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().data[0].id).toBe(first.json().data[0].id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(Object.keys(again.json()).sort()).toEqual(['accepted', 'data', 'rejected']);
    expect((await keyed([{ to: [to], subject: 'other', body: 'x' }])).statusCode).toBe(409);
    await waitFor(() => h.smtp.to(to).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.smtp.to(to)).toHaveLength(1);
  });

  it('needs an API key and API access, and at most 100 emails', async () => {
    const { userId } = h.newUser();
    const asUser = await h.app.inject({
      method: 'POST',
      url: '/emails/api/batch',
      headers: await userHeaders(userId),
      payload: { emails: [{ to: ['a@example.com'], subject: 's', body: 'b' }] },
    });
    expect(asUser.statusCode).toBe(401);
    const free = await h.sendBatch(userId, [{ to: ['a@example.com'], subject: 's', body: 'b' }]);
    expect(free.statusCode).toBe(403);
    expect(free.json().code).toBe('API_ACCESS_REQUIRED');
    h.services.setPlan(userId, 'pro');
    const tooMany = await h.sendBatch(
      userId,
      Array.from({ length: 101 }, () => ({ to: ['a@example.com'], subject: 's', body: 'b' })),
    );
    expect(tooMany.statusCode).toBe(400);
  });

  it('takes the quota for all emails of a batch or none, also under concurrency', async () => {
    const { userId } = h.newUser();
    h.services.plans.set(userId, { ...FREE_ENTITLEMENTS, plan: 'pro', emailLimit: 25, apiAccess: true });
    const email = {
      to: ['quota@example.com'],
      subject: 's',
      body: 'b',
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    // Ten concurrent batches of 10 against a limit of 25: exactly two can fit.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.sendBatch(
          userId,
          Array.from({ length: 10 }, () => email),
        ),
      ),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 207);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(accepted.length).toBe(2);
    expect(refused.length).toBe(8);
    for (const answer of accepted) expect(answer.json().accepted).toBe(10);
    expect(refused[0]?.json()).toEqual({
      message:
        'Monthly email limit reached: your pro plan allows 25 emails per month and 5 remain, but this batch has 10. No email of the batch was sent. Upgrade at /pricing for more.',
      code: 'QUOTA_EXCEEDED',
    });
    const { rows } = await h.pool.query('SELECT count(*)::int AS n FROM mail.emails WHERE user_id = $1', [userId]);
    expect(rows[0].n).toBe(20);
    const usage = await h.pool.query('SELECT used FROM mail.quota_usage WHERE user_id = $1', [userId]);
    expect(usage.rows[0].used).toBe(20);
    // A batch of 5 still fits exactly; one more single email does not.
    expect(
      (
        await h.sendBatch(
          userId,
          Array.from({ length: 5 }, () => email),
        )
      ).statusCode,
    ).toBe(207);
    expect((await h.sendBatch(userId, [email])).statusCode).toBe(429);
  });
});
