// Sender pools (issue 20): CRUD for Pro and Enterprise users, the accounts they may hold, isolation between users,
// deleting an account taking it out of pools, and the internal resolve the mail service uses.
import { randomUUID } from 'node:crypto';
import { FREE_ENTITLEMENTS, SENDER_POOL_LIMITS, SENDER_POOL_MESSAGES } from '@mailwright/contracts';
import { FixedEntitlements, PRO_ENTITLEMENTS, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './helpers/harness';

let t: Harness;
const plans = new FixedEntitlements(PRO_ENTITLEMENTS);

async function call(userId: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: await userHeaders(userId),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function insertMailbox(userId: string, email: string) {
  const { rows } = await t.raw.query(
    `insert into accounts.email_accounts (user_id, provider, email, display_name, secret_sealed, secret_key_id)
     values ($1, 'smtp', $2, $2, 'sealed', 'k1') returning id`,
    [userId, email],
  );
  return rows[0].id as string;
}

async function createPool(userId: string, body: object) {
  const response = await call(userId, 'POST', '/sender-pools', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; accountIds: string[] };
}

async function resolvePool(poolId: string, userId: string, headers?: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: `/internal/sender-pools/${poolId}?userId=${userId}`,
    headers: headers ?? (await serviceHeaders('mail')),
  });
}

beforeAll(async () => {
  t = await startHarness('sender_pools', { entitlements: plans });
});

afterAll(async () => {
  await t?.close();
});

describe('sender pools CRUD', () => {
  it('creates a pool with its accounts in order, failover by default, and lists and reads it', async () => {
    const userId = randomUUID();
    const first = await insertMailbox(userId, 'first@example.com');
    const second = await insertMailbox(userId, 'second@example.com');
    const created = await call(userId, 'POST', '/sender-pools', { name: '  Newsletters ', accountIds: [second, first] });
    expect(created.statusCode).toBe(201);
    const pool = created.json().data;
    expect(pool).toEqual({
      _id: pool.id,
      id: expect.any(String),
      name: 'Newsletters',
      strategy: 'failover',
      accountIds: [second, first],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call(userId, 'GET', '/sender-pools')).json()).toEqual({ data: [pool] });
    expect((await call(userId, 'GET', `/sender-pools/${pool.id}`)).json()).toEqual({ data: pool });
  });

  it('updates the name, the order of the accounts and the strategy, each on its own', async () => {
    const userId = randomUUID();
    const a = await insertMailbox(userId, 'a@example.com');
    const b = await insertMailbox(userId, 'b@example.com');
    const pool = await createPool(userId, { name: 'Transactional', accountIds: [a, b], strategy: 'failover' });
    const renamed = await call(userId, 'PUT', `/sender-pools/${pool.id}`, { name: 'Receipts' });
    expect(renamed.json().data).toMatchObject({ name: 'Receipts', accountIds: [a, b], strategy: 'failover' });
    const reordered = await call(userId, 'PUT', `/sender-pools/${pool.id}`, { accountIds: [b, a], strategy: 'spread' });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().data).toMatchObject({ name: 'Receipts', accountIds: [b, a], strategy: 'spread' });
    // Its own name in another letter case is not taken.
    expect((await call(userId, 'PUT', `/sender-pools/${pool.id}`, { name: 'RECEIPTS' })).statusCode).toBe(200);
  });

  it('deletes a pool, after which it is gone', async () => {
    const userId = randomUUID();
    const pool = await createPool(userId, { name: 'Short-lived', accountIds: [await insertMailbox(userId, 'x@example.com')] });
    const deleted = await call(userId, 'DELETE', `/sender-pools/${pool.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Sender pool deleted' });
    expect((await call(userId, 'GET', `/sender-pools/${pool.id}`)).statusCode).toBe(404);
    expect((await call(userId, 'DELETE', `/sender-pools/${pool.id}`)).statusCode).toBe(404);
  });
});

describe('the plan', () => {
  it('refuses a free user creating or changing a pool with 403 PLAN_LIMIT, and lets them list and delete', async () => {
    const userId = randomUUID();
    const account = await insertMailbox(userId, 'free@example.com');
    const pool = await createPool(userId, { name: 'Before the downgrade', accountIds: [account] });
    plans.set(userId, FREE_ENTITLEMENTS);
    const created = await call(userId, 'POST', '/sender-pools', { name: 'After', accountIds: [account] });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({ code: 'PLAN_LIMIT', message: SENDER_POOL_MESSAGES.planRequired });
    const updated = await call(userId, 'PUT', `/sender-pools/${pool.id}`, { name: 'Renamed' });
    expect(updated.statusCode).toBe(403);
    expect(updated.json().code).toBe('PLAN_LIMIT');
    expect((await call(userId, 'GET', '/sender-pools')).json().data).toHaveLength(1);
    expect((await call(userId, 'DELETE', `/sender-pools/${pool.id}`)).statusCode).toBe(200);
  });

  it('lets an enterprise user create pools', async () => {
    const userId = randomUUID();
    plans.set(userId, { ...PRO_ENTITLEMENTS, plan: 'enterprise' });
    await createPool(userId, { name: 'Enterprise', accountIds: [await insertMailbox(userId, 'ent@example.com')] });
  });
});

describe('validation', () => {
  it("refuses an account that is not one of the user's with 400 naming accountIds", async () => {
    const userId = randomUUID();
    const mine = await insertMailbox(userId, 'mine@example.com');
    const theirs = await insertMailbox(randomUUID(), 'theirs@example.com');
    for (const stranger of [theirs, randomUUID(), 'not-a-uuid']) {
      const response = await call(userId, 'POST', '/sender-pools', { name: 'Mixed', accountIds: [mine, stranger] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: SENDER_POOL_MESSAGES.accountNotFound(stranger),
        field: 'accountIds',
      });
    }
    const pool = await createPool(userId, { name: 'Mine', accountIds: [mine] });
    const update = await call(userId, 'PUT', `/sender-pools/${pool.id}`, { accountIds: [theirs] });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(SENDER_POOL_MESSAGES.accountNotFound(theirs));
    expect((await call(userId, 'GET', `/sender-pools/${pool.id}`)).json().data.accountIds).toEqual([mine]);
  });

  it('refuses bad bodies with 400: no name, a blank name, no accounts, the same account twice, a bad strategy, extra fields', async () => {
    const userId = randomUUID();
    const account = await insertMailbox(userId, 'v@example.com');
    const bodies: unknown[] = [
      { accountIds: [account] },
      { name: '   ', accountIds: [account] },
      { name: 'x'.repeat(SENDER_POOL_LIMITS.nameMaxChars + 1), accountIds: [account] },
      { name: 'Empty', accountIds: [] },
      { name: 'Twice', accountIds: [account, account] },
      { name: 'Twice in other case', accountIds: [account, account.toUpperCase()] },
      { name: 'Strategy', accountIds: [account], strategy: 'random' },
      { name: 'Extra', accountIds: [account], weights: [1] },
    ];
    for (const body of bodies) {
      const response = await call(userId, 'POST', '/sender-pools', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await call(userId, 'POST', '/sender-pools', { accountIds: [account] })).json().message).toBe('name is required');
    expect((await call(userId, 'GET', '/sender-pools')).json().data).toEqual([]);
  });

  it('refuses a name the user already has, in any letter case, with 409 CONFLICT', async () => {
    const userId = randomUUID();
    const account = await insertMailbox(userId, 'n@example.com');
    await createPool(userId, { name: 'Marketing', accountIds: [account] });
    const other = await createPool(userId, { name: 'Sales', accountIds: [account] });
    const duplicate = await call(userId, 'POST', '/sender-pools', { name: 'marketing', accountIds: [account] });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ code: 'CONFLICT', message: SENDER_POOL_MESSAGES.nameTaken });
    const rename = await call(userId, 'PUT', `/sender-pools/${other.id}`, { name: 'MARKETING' });
    expect(rename.statusCode).toBe(409);
    // Another user may use the same name.
    const someoneElse = randomUUID();
    await createPool(someoneElse, { name: 'Marketing', accountIds: [await insertMailbox(someoneElse, 'o@example.com')] });
  });

  it(`refuses more than ${SENDER_POOL_LIMITS.poolsPerUser} pools a user`, async () => {
    const userId = randomUUID();
    const account = await insertMailbox(userId, 'many@example.com');
    await t.raw.query(
      `insert into accounts.sender_pools (user_id, name, account_ids)
       select $1, 'Pool ' || n, array[$2::uuid] from generate_series(1, $3::int) as n`,
      [userId, account, SENDER_POOL_LIMITS.poolsPerUser],
    );
    const response = await call(userId, 'POST', '/sender-pools', { name: 'One too many', accountIds: [account] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: SENDER_POOL_MESSAGES.tooMany });
  });
});

describe('isolation', () => {
  it("answers 404 for another user's pool and a malformed id, on every route, and changes nothing", async () => {
    const owner = randomUUID();
    const account = await insertMailbox(owner, 'iso@example.com');
    const pool = await createPool(owner, { name: 'Private', accountIds: [account] });
    const stranger = randomUUID();
    const strangerAccount = await insertMailbox(stranger, 'stranger@example.com');
    const notFound = { code: 'NOT_FOUND', message: SENDER_POOL_MESSAGES.notFound };
    for (const [userId, id] of [
      [stranger, pool.id],
      [owner, 'not-a-uuid'],
      [owner, randomUUID()],
    ] as const) {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { name: 'Taken over', accountIds: [strangerAccount] }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(userId, method, `/sender-pools/${id}`, payload);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
    }
    expect((await call(stranger, 'GET', '/sender-pools')).json().data).toEqual([]);
    expect((await call(owner, 'GET', `/sender-pools/${pool.id}`)).json().data).toMatchObject({
      name: 'Private',
      accountIds: [account],
    });
  });
});

describe('deleting an email account', () => {
  it("takes it out of the user's pools and leaves the rest of each pool in order", async () => {
    const userId = randomUUID();
    const a = await insertMailbox(userId, 'keep-a@example.com');
    const b = await insertMailbox(userId, 'gone@example.com');
    const c = await insertMailbox(userId, 'keep-c@example.com');
    const both = await createPool(userId, { name: 'Both', accountIds: [a, b, c] });
    const only = await createPool(userId, { name: 'Only', accountIds: [b] });
    const untouched = await createPool(userId, { name: 'Untouched', accountIds: [c, a] });
    expect((await call(userId, 'DELETE', `/email-accounts/${b}`)).statusCode).toBe(200);
    const read = async (id: string) => (await call(userId, 'GET', `/sender-pools/${id}`)).json().data.accountIds;
    expect(await read(both.id)).toEqual([a, c]);
    expect(await read(only.id)).toEqual([]);
    expect(await read(untouched.id)).toEqual([c, a]);
  });
});

describe('GET /internal/sender-pools/:poolId', () => {
  it("resolves the user's pool to its strategy and accounts in order", async () => {
    const userId = randomUUID();
    const a = await insertMailbox(userId, 'r-a@example.com');
    const b = await insertMailbox(userId, 'r-b@example.com');
    const pool = await createPool(userId, { name: 'Resolved', accountIds: [b, a], strategy: 'spread' });
    const response = await resolvePool(pool.id, userId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: pool.id, userId, strategy: 'spread', accountIds: [b, a] } });
  });

  it("answers 404 when the pool is not the given user's, or an id is malformed", async () => {
    const userId = randomUUID();
    const pool = await createPool(userId, { name: 'Hidden', accountIds: [await insertMailbox(userId, 'h@example.com')] });
    for (const [poolId, owner] of [
      [pool.id, randomUUID()],
      [randomUUID(), userId],
      ['not-a-uuid', userId],
      [pool.id, 'not-a-uuid'],
    ]) {
      const response = await resolvePool(poolId as string, owner as string);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: SENDER_POOL_MESSAGES.notFound });
    }
  });

  it('is for services only', async () => {
    const userId = randomUUID();
    const pool = await createPool(userId, { name: 'Services', accountIds: [await insertMailbox(userId, 's@example.com')] });
    expect((await resolvePool(pool.id, userId, await userHeaders(userId))).statusCode).toBe(403);
  });
});
