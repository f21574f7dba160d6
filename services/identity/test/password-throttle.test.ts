import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { insertEmailToken } from '../src/db/queries/email-tokens';
import { insertUser } from '../src/db/queries/users';
import { generateSecretToken, hashSecret } from '../src/domain/secret-tokens';
import { createHarness, type Harness } from './helpers';

// Every attempt is a real argon2 verification: generous per-test time on a busy machine.
describe('failed password checks per account', { timeout: 90_000 }, () => {
  let harness: Harness;
  const LIMIT = 10;

  beforeAll(async () => {
    harness = await createHarness('password_throttle');
  });

  afterAll(async () => {
    await harness?.close();
  });

  const addUser = async (email: string) =>
    (
      await insertUser(harness.app.identity.db, {
        email,
        name: 'T',
        passwordHash: await harness.app.identity.passwords.hash('right-one'),
        isVerified: true,
      })
    )?.id ?? '';
  const login = async (email: string, password: string, app = harness.app) =>
    app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
      headers: await internalHeaders({ kind: 'public' }),
    });
  const changePassword = async (userId: string, currentPassword: string) =>
    harness.app.inject({
      method: 'PUT',
      url: '/auth/change-password',
      payload: { currentPassword, newPassword: 'brand-new-1' },
      headers: await userHeaders(userId),
    });

  it('locks password sign-in of an account after 10 failures, even with the right password, with a clear 429', async () => {
    await addUser('locked@example.com');
    for (let i = 0; i < LIMIT; i++) expect((await login('locked@example.com', `guess-${i}`)).statusCode).toBe(401);
    const right = await login('locked@example.com', 'right-one');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      message: 'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    // Other accounts are not affected.
    await addUser('free@example.com');
    expect((await login('free@example.com', 'right-one')).statusCode).toBe(200);
  });

  it('lets no more than 10 of a burst of parallel guesses be checked', async () => {
    await addUser('burst@example.com');
    const statuses = await Promise.all(
      Array.from({ length: 2 * LIMIT }, async (_, i) => (await login('burst@example.com', `guess-${i}`)).statusCode),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(LIMIT);
  });

  it('lifts the lock when the owner resets the password through the mailed link', async () => {
    const userId = await addUser('reset-lock@example.com');
    for (let i = 0; i < LIMIT; i++) await login('reset-lock@example.com', `guess-${i}`);
    expect((await login('reset-lock@example.com', 'right-one')).statusCode).toBe(429);
    const token = generateSecretToken();
    await insertEmailToken(harness.app.identity.db, {
      userId,
      purpose: 'reset_password',
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await harness.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${token}`,
      payload: { password: 'after-reset-1' },
      headers: await internalHeaders({ kind: 'public' }),
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('reset-lock@example.com', 'after-reset-1')).statusCode).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    await addUser('forgetful@example.com');
    for (let i = 0; i < LIMIT - 1; i++) await login('forgetful@example.com', `guess-${i}`);
    expect((await login('forgetful@example.com', 'right-one')).statusCode).toBe(200);
    for (let i = 0; i < LIMIT - 1; i++) await login('forgetful@example.com', `guess-${i}`);
    expect((await login('forgetful@example.com', 'right-one')).statusCode).toBe(200);
  });

  it('locks unknown addresses the same way, so the lock does not tell who has an account', async () => {
    const ghost = `ghost-${Date.now()}@example.com`;
    for (let i = 0; i < LIMIT; i++) expect((await login(ghost, `guess-${i}`)).statusCode).toBe(401);
    expect((await login(ghost, 'anything')).statusCode).toBe(429);
  });

  it('throttles wrong current passwords on change-password per user', async () => {
    const userId = await addUser('changer@example.com');
    for (let i = 0; i < LIMIT; i++) expect((await changePassword(userId, `guess-${i}`)).statusCode).toBe(400);
    const right = await changePassword(userId, 'right-one');
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many wrong current passwords. Try again in 15 minutes.');
  });

  it('keeps password sign-in working (unthrottled) while Redis is unreachable', async () => {
    await addUser('no-redis@example.com');
    const app = await buildApp({ ...harness.config, REDIS_URL: 'redis://127.0.0.1:9' });
    try {
      for (let i = 0; i < LIMIT + 2; i++) expect((await login('no-redis@example.com', `guess-${i}`, app)).statusCode).toBe(401);
      expect((await login('no-redis@example.com', 'right-one', app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
