// Exactly one default account per user, including under concurrent creates, set-defaults and deletes.
import { randomUUID } from 'node:crypto';
import { type SmtpPeer, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './helpers/harness';
import { startSmtpPeer } from './helpers/smtp-peer';

let t: Harness;
let smtp: SmtpPeer;

async function call(userId: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await userHeaders(userId), ...(payload ? { payload } : {}) });
}

async function addAccount(userId: string, name: string) {
  const response = await call(userId, 'POST', '/email-accounts/smtp', {
    email: `${name}@example.com`,
    displayName: name,
    host: smtp.host,
    port: smtp.port,
    username: 'u',
    password: 'p',
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; isDefault: boolean };
}

async function defaultsOf(userId: string): Promise<string[]> {
  const { rows } = await t.raw.query('select id from accounts.email_accounts where user_id = $1 and is_default', [userId]);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  smtp = await startSmtpPeer({ u: 'p' });
  t = await startHarness('defaults');
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('the default account', () => {
  it('is the first account; later ones are not default', async () => {
    const userId = randomUUID();
    const first = await addAccount(userId, 'first');
    const second = await addAccount(userId, 'second');
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
  });

  it('moves with Set as Default, leaving exactly one', async () => {
    const userId = randomUUID();
    const first = await addAccount(userId, 'first');
    const second = await addAccount(userId, 'second');
    const response = await call(userId, 'PUT', `/email-accounts/${second.id}/default`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: second.id, isDefault: true });
    expect(await defaultsOf(userId)).toEqual([second.id]);
    const list = (await call(userId, 'GET', '/email-accounts')).json().data as { id: string; isDefault: boolean }[];
    expect(list.map((account) => [account.id, account.isDefault])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
  });

  it('passes to the oldest remaining account when the default is deleted', async () => {
    const userId = randomUUID();
    const first = await addAccount(userId, 'first');
    const second = await addAccount(userId, 'second');
    const third = await addAccount(userId, 'third');
    const response = await call(userId, 'DELETE', `/email-accounts/${first.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Account deleted' });
    expect(await defaultsOf(userId)).toEqual([second.id]);
    await call(userId, 'DELETE', `/email-accounts/${third.id}`);
    expect(await defaultsOf(userId)).toEqual([second.id]);
    await call(userId, 'DELETE', `/email-accounts/${second.id}`);
    expect(await defaultsOf(userId)).toEqual([]);
    expect((await call(userId, 'GET', '/email-accounts')).json().data).toEqual([]);
  });

  it('cannot be doubled by the database even when the application is bypassed', async () => {
    const userId = randomUUID();
    const first = await addAccount(userId, 'first');
    await addAccount(userId, 'second');
    await expect(
      t.raw.query('update accounts.email_accounts set is_default = true where user_id = $1 and id <> $2', [userId, first.id]),
    ).rejects.toThrow(/email_accounts_one_default_per_user/);
  });

  it('stays single when many accounts are added at once', async () => {
    const userId = randomUUID();
    const created = await Promise.all(Array.from({ length: 8 }, (_, index) => addAccount(userId, `parallel${index}`)));
    expect(created.filter((account) => account.isDefault)).toHaveLength(1);
    expect(await defaultsOf(userId)).toHaveLength(1);
  });

  it('stays single under concurrent Set as Default calls', async () => {
    const userId = randomUUID();
    const accounts = [];
    for (let index = 0; index < 6; index++) accounts.push(await addAccount(userId, `acc${index}`));
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(
        accounts.map((account) => call(userId, 'PUT', `/email-accounts/${account.id}/default`)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(accounts.map(() => 200));
      expect(await defaultsOf(userId)).toHaveLength(1);
    }
  });

  it('stays single under concurrent deletes mixed with Set as Default', async () => {
    const userId = randomUUID();
    const accounts: { id: string }[] = [];
    for (let index = 0; index < 6; index++) accounts.push(await addAccount(userId, `mix${index}`));
    const [a, b, c, d, e] = accounts.map((account) => account.id) as [string, string, string, string, string];
    const responses = await Promise.all([
      call(userId, 'DELETE', `/email-accounts/${a}`),
      call(userId, 'PUT', `/email-accounts/${b}/default`),
      call(userId, 'DELETE', `/email-accounts/${b}`),
      call(userId, 'PUT', `/email-accounts/${c}/default`),
      call(userId, 'DELETE', `/email-accounts/${d}`),
      call(userId, 'PUT', `/email-accounts/${e}/default`),
    ]);
    for (const response of responses) expect([200, 404]).toContain(response.statusCode);
    expect(await defaultsOf(userId)).toHaveLength(1);
    // Deleting everything concurrently ends with none, and never errors.
    const rest = (await call(userId, 'GET', '/email-accounts')).json().data as { id: string }[];
    const deletes = await Promise.all(rest.map((account) => call(userId, 'DELETE', `/email-accounts/${account.id}`)));
    expect(deletes.map((response) => response.statusCode)).toEqual(rest.map(() => 200));
    expect(await defaultsOf(userId)).toEqual([]);
  });
});
