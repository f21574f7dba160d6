import { internalHeaders, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingDatabase } from '../../../services/billing/src/db/client';
import { findSubscription, listSubscriptionHistory } from '../../../services/billing/src/db/queries/subscriptions';
import { insertUser } from '../../../services/identity/src/db/queries/users';
import { ACCOUNT_DISABLED_MESSAGE } from '../../../services/identity/src/domain/disabled-account';
import { OWASP_MINIMUM_COST, Passwords } from '../../../services/identity/src/domain/passwords';
import { RevocationListener } from '../../../services/identity/test/revocation-listener';
import { type AdminHarness, createAdminHarness } from './admin-harness';
import { startIdentity } from './identity-app';

const EMAIL = 'ada@example.com';
const PASSWORD = 'secret1';

describe('admin users and plans', () => {
  let harness: AdminHarness;
  let identity: FastifyInstance;
  let userId: string;
  const revocations = new RevocationListener();

  beforeAll(async () => {
    harness = await createAdminHarness('users');
    identity = await startIdentity(harness);
    const user = await insertUser(identity.identity.db, {
      email: EMAIL,
      name: 'Ada',
      passwordHash: await new Passwords(OWASP_MINIMUM_COST).hash(PASSWORD),
      isVerified: false,
    });
    userId = user?.id ?? '';
    await revocations.start();
  });

  afterAll(async () => {
    await revocations.stop();
    await identity?.close();
    await harness?.close();
  });

  const logIn = async () =>
    identity.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: EMAIL, password: PASSWORD },
      headers: await internalHeaders({ kind: 'public' }),
    });
  const resolveKey = async (key: string) =>
    identity.inject({
      method: 'POST',
      url: '/internal/api-keys/resolve',
      payload: { key },
      headers: await serviceHeaders('gateway'),
    });

  it('finds a user by email in any case or by id, and says when there is none', async () => {
    const byEmail = await harness.admin('users', 'find', 'ADA@example.com');
    expect(byEmail.code).toBe(0);
    expect(byEmail.out).toMatch(
      new RegExp(`^${userId}  ada@example.com  "Ada"  unverified  enabled  sign-in: password  api keys: 0  created \\S+Z\\n$`),
    );
    const byId = await harness.admin('users', 'find', userId, '--json');
    expect(byId.json()).toMatchObject({ user: { id: userId, email: EMAIL, isVerified: false, disabledAt: null } });

    const missing = await harness.admin('users', 'find', 'nobody@example.com');
    expect(missing).toMatchObject({ code: 1, out: '', err: 'User nobody@example.com not found\n' });
    expect((await harness.admin('users', 'find')).code).toBe(2);
  });

  it('verifies an address once', async () => {
    expect((await harness.admin('users', 'verify', EMAIL)).out).toMatch(/^verified: .* verified {2}enabled/);
    expect((await harness.admin('users', 'verify', EMAIL)).out).toMatch(/^already verified: /);
    expect((await harness.admin('users', 'find', EMAIL, '--json')).json()).toMatchObject({ user: { isVerified: true } });
  });

  it('disables a user: sign-in and API keys are refused, sessions end at once; enable lets them back in', async () => {
    const created = await identity.inject({
      method: 'POST',
      url: '/api-keys',
      payload: { name: 'CI' },
      headers: await userHeaders(userId),
    });
    const { key, id: apiKeyId } = created.json().data as { key: string; id: string };
    expect((await resolveKey(key)).statusCode).toBe(200);

    const disabled = await harness.admin('users', 'disable', EMAIL);
    expect(disabled.code).toBe(0);
    expect(disabled.out).toMatch(/^disabled: .* disabled since \S+Z {2}sign-in: password {2}api keys: 1/);
    // Every gateway hears it: the sessions signed before are over, the key is dropped from their caches.
    await revocations.next(
      (revocation) => revocation.kind === 'sessions' && revocation.userId === userId && revocation.sessionVersion === 1,
    );
    await revocations.next((revocation) => revocation.kind === 'api-key' && revocation.apiKeyId === apiKeyId);

    const refused = await logIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: ACCOUNT_DISABLED_MESSAGE });
    const keyRefused = await resolveKey(key);
    expect(keyRefused.statusCode).toBe(403);
    expect(keyRefused.json().message).toBe(ACCOUNT_DISABLED_MESSAGE);
    expect((await harness.admin('users', 'disable', EMAIL)).out).toMatch(/^already disabled: /);

    // (Each sign-in costs an argon2 hash: the key stands for both here.)
    expect((await harness.admin('users', 'enable', userId)).out).toMatch(/^enabled: .* enabled {2}sign-in/);
    expect((await resolveKey(key)).statusCode).toBe(200);
  });

  it('puts a user on a plan in billing, recorded as the operator’s change', async () => {
    const billing = createBillingDatabase(harness.env.DATABASE_URL);
    try {
      const set = await harness.admin('plans', 'set', EMAIL, 'pro', '--json');
      expect(set.code).toBe(0);
      expect(set.json()).toEqual({ email: EMAIL, userId, fromPlan: 'free', plan: 'pro', endDate: null, changed: true });
      expect(await findSubscription(billing, userId)).toMatchObject({ plan: 'pro', endDate: null });
      expect((await listSubscriptionHistory(billing, userId)).map((row) => row.reason)).toEqual(['operator']);

      expect((await harness.admin('plans', 'set', EMAIL, 'pro')).out).toMatch(
        /^unchanged: ada@example.com .* pro -> pro {2}ends never/,
      );
      const until = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
      expect((await harness.admin('plans', 'set', EMAIL, 'enterprise', '--until', until)).out).toContain(
        `pro -> enterprise  ends ${until}T00:00:00Z`,
      );
      expect((await findSubscription(billing, userId))?.plan).toBe('enterprise');

      expect(await harness.admin('plans', 'set', EMAIL, 'gold')).toMatchObject({
        code: 1,
        err: 'Unknown plan "gold". Choose free, pro or enterprise.\n',
      });
      expect((await harness.admin('plans', 'set', EMAIL, 'pro', '--until', 'soon')).code).toBe(2);
      expect((await harness.admin('plans', 'set', 'nobody@example.com', 'pro')).code).toBe(1);
    } finally {
      await billing.$client.end();
    }
  });
});
