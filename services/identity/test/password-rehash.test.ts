import { internalHeaders } from '@mailwright/kit/testing';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertUser, replacePasswordHash } from '../src/db/queries/users';
import { costOf } from './hash-cost';
import { createHarness, type Harness } from './helpers';

// Cheaper than the configured cost (the harness uses OWASP's minimum): as if the operator raised it since.
const olderHash = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 });

describe('rehashing at sign-in a password hashed at another cost', () => {
  let harness: Harness;
  let configuredCost: Record<string, string>;

  beforeAll(async () => {
    harness = await createHarness('password_rehash');
    configuredCost = {
      m: String(harness.config.PASSWORD_HASH_MEMORY_KIB),
      t: String(harness.config.PASSWORD_HASH_ITERATIONS),
      p: String(harness.config.PASSWORD_HASH_PARALLELISM),
    };
  });

  afterAll(async () => {
    await harness?.close();
  });

  const addUser = async (email: string, passwordHash: string) =>
    (await insertUser(harness.app.identity.db, { email, name: 'T', passwordHash, isVerified: true }))?.id ?? '';
  const storedHash = async (userId: string): Promise<string> => {
    const { rows } = await harness.app.identity.db.$client.query('select password_hash from identity.users where id = $1', [
      userId,
    ]);
    return rows[0].password_hash;
  };
  const login = async (email: string, password: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
      headers: await internalHeaders({ kind: 'public' }),
    });

  it('signs in, then stores the password hashed at the configured cost, which signs in as well', async () => {
    const older = await olderHash('right-one');
    expect(costOf(older)).not.toEqual(configuredCost);
    const userId = await addUser('older@example.com', older);

    expect((await login('older@example.com', 'right-one')).statusCode).toBe(200);
    const rehashed = await storedHash(userId);
    expect(rehashed).not.toBe(older);
    expect(rehashed.startsWith('$argon2id$')).toBe(true);
    expect(costOf(rehashed)).toEqual(configuredCost);

    expect((await login('older@example.com', 'right-one')).statusCode).toBe(200);
    // Already at the configured cost: left as it is.
    expect(await storedHash(userId)).toBe(rehashed);
  });

  it('leaves the stored hash untouched when the password is wrong', async () => {
    const older = await olderHash('right-one');
    const userId = await addUser('wrong@example.com', older);
    expect((await login('wrong@example.com', 'wrong-one')).statusCode).toBe(401);
    expect(await storedHash(userId)).toBe(older);
  });

  it('still signs in when the new hash cannot be stored, and logs a warning', async () => {
    const older = await olderHash('right-one');
    const userId = await addUser('read-only@example.com', older);
    const { $client } = harness.app.identity.db;
    await $client.query(`
      create function identity.refuse_password_change() returns trigger language plpgsql as
        $$ begin raise exception 'password_hash is read-only here'; end $$;
      create trigger refuse_password_change before update of password_hash on identity.users
        for each row when (old.email = 'read-only@example.com') execute function identity.refuse_password_change();
    `);
    const warn = vi.spyOn(harness.app.identity.log, 'warn');
    try {
      expect((await login('read-only@example.com', 'right-one')).statusCode).toBe(200);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ userId }), expect.stringMatching(/rehash/));
      expect(await storedHash(userId)).toBe(older);
    } finally {
      warn.mockRestore();
      await $client.query('drop trigger refuse_password_change on identity.users');
    }
  });

  it('does not overwrite a hash that changed after the one verified', async () => {
    const older = await olderHash('right-one');
    const userId = await addUser('changed@example.com', older);
    const changed = await harness.app.identity.passwords.hash('changed-meanwhile');
    expect(await replacePasswordHash(harness.app.identity.db, userId, older, changed)).toBe(true);

    const rehashed = await harness.app.identity.passwords.hash('right-one');
    expect(await replacePasswordHash(harness.app.identity.db, userId, older, rehashed)).toBe(false);
    expect(await storedHash(userId)).toBe(changed);
  });
});
