// GET /email-accounts/:id/usage (issue 20): accounts computes the sender's limits and asks mail for its usage.
import { randomUUID } from 'node:crypto';
import { serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_UNAVAILABLE_MESSAGE } from '../src/domain/get-sender-usage';
import { type Harness, startHarness } from './helpers/harness';
import { type ServiceStandIn, startServiceStandIn } from './helpers/service-stand-in';

let t: Harness;
let mail: ServiceStandIn;

const USAGE = {
  minute: { used: 3, limit: 30 },
  day: { used: 120, limit: null, resetsAt: '2027-01-11T08:00:00.000Z' },
  recipientsToday: 450,
  recipientsPerDay: 500,
  held: 2,
};

async function insertMailbox(userId: string, provider: 'gmail' | 'outlook' | 'smtp', email: string) {
  const { rows } = await t.raw.query(
    `insert into accounts.email_accounts (user_id, provider, email, display_name, secret_sealed, secret_key_id)
     values ($1, $2, $3, $3, 'sealed', 'k1') returning id`,
    [userId, provider, email],
  );
  return rows[0].id as string;
}

async function usage(userId: string, id: string) {
  const headers = { ...(await userHeaders(userId)), 'x-request-id': `req-usage-${id}` };
  return t.app.inject({ method: 'GET', url: `/email-accounts/${id}/usage`, headers });
}

beforeAll(async () => {
  mail = await startServiceStandIn();
  mail.answer(/^\/internal\/senders\/[^/]+\/usage$/, { status: 200, body: { data: USAGE } });
  t = await startHarness('sender_usage', { env: { MAIL_URL: mail.url } });
});

afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

describe('GET /email-accounts/:id/usage', () => {
  it("asks mail with the sender's effective limits and answers its usage as mail gave it", async () => {
    const userId = randomUUID();
    const id = await insertMailbox(userId, 'outlook', 'grace@contoso.com');
    await t.raw.query('update accounts.email_accounts set limit_recipients_per_day = 500 where id = $1', [id]);
    const response = await usage(userId, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: USAGE });
    expect(mail.callsTo(new RegExp(`^/internal/senders/${id}/usage$`))).toEqual([
      {
        method: 'POST',
        path: `/internal/senders/${id}/usage`,
        body: { perMinute: 30, perDay: null, recipientsPerDay: 500, concurrency: 4 },
        caller: 'accounts',
        // The id of the request the call serves, so mail's log lines of it carry it too.
        requestId: `req-usage-${id}`,
      },
    ]);
  });

  it('sends a Gmail address its provider defaults', async () => {
    const userId = randomUUID();
    const id = await insertMailbox(userId, 'gmail', 'ada@gmail.com');
    expect((await usage(userId, id)).statusCode).toBe(200);
    expect(mail.callsTo(new RegExp(`^/internal/senders/${id}/usage$`))[0]?.body).toEqual({
      perMinute: 60,
      perDay: 500,
      recipientsPerDay: null,
      concurrency: null,
    });
  });

  it("answers 404 for another user's account, a missing one and a malformed id, without asking mail", async () => {
    const owner = randomUUID();
    const id = await insertMailbox(owner, 'smtp', 'owner@example.com');
    const before = mail.calls.length;
    for (const [userId, target] of [
      [randomUUID(), id],
      [owner, randomUUID()],
      [owner, 'not-a-uuid'],
    ] as const) {
      const response = await usage(userId, target);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Email account not found' });
    }
    expect(mail.calls.length).toBe(before);
  });

  it('answers 503 with a clear message when mail fails or cannot be reached', async () => {
    const userId = randomUUID();
    const id = await insertMailbox(userId, 'smtp', 'down@example.com');
    mail.answer(new RegExp(`^/internal/senders/${id}/usage$`), { status: 500, body: { message: 'boom' } });
    const failed = await usage(userId, id);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: USAGE_UNAVAILABLE_MESSAGE });

    const offline = await startHarness('sender_usage_offline');
    try {
      const otherId = randomUUID();
      const { rows } = await offline.raw.query(
        `insert into accounts.email_accounts (user_id, provider, email, display_name, secret_sealed, secret_key_id)
         values ($1, 'smtp', 'x@example.com', 'x', 'sealed', 'k1') returning id`,
        [otherId],
      );
      const response = await offline.app.inject({
        method: 'GET',
        url: `/email-accounts/${rows[0].id}/usage`,
        headers: await userHeaders(otherId),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(USAGE_UNAVAILABLE_MESSAGE);
    } finally {
      await offline.close();
    }
  });

  it('is for signed-in users', async () => {
    const id = await insertMailbox(randomUUID(), 'smtp', 'anon@example.com');
    const response = await t.app.inject({
      method: 'GET',
      url: `/email-accounts/${id}/usage`,
      headers: await serviceHeaders('mail'),
    });
    expect(response.statusCode).toBe(401);
  });
});
