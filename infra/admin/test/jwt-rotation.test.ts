import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserTokenVerifier } from '../../../gateway/src/adapters/identity/user-tokens';
import type { SigningKeyStatus } from '../../../services/identity/src/operations/signing-key-rotation';
import { retireSigningKeys } from '../../../services/identity/src/operations/signing-key-rotation';
import { type AdminHarness, createAdminHarness } from './admin-harness';
import { startIdentity } from './identity-app';

const USER_ID = '00000000-0000-4000-8000-000000000001';
const DAY_MS = 86_400_000;

describe('admin jwt: rotating the session signing key without downtime', () => {
  let harness: AdminHarness;
  let identity: FastifyInstance;
  let identityUrl: string;

  beforeAll(async () => {
    harness = await createAdminHarness('jwt');
    identity = await startIdentity(harness);
    identityUrl = await identity.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await identity?.close();
    await harness?.close();
  });

  const publishedKids = async () => {
    const response = await fetch(`${identityUrl}/.well-known/jwks.json`);
    return ((await response.json()) as { keys: Array<{ kid: string }> }).keys.map((key) => key.kid);
  };
  const kidOf = (token: string) => decodeProtectedHeader(token).kid;
  /** What identity processes do every KEY_RING_REFRESH_MS. */
  const identityRereads = () => identity.identity.sessions.refresh();

  it('keeps old sessions valid, publishes the next key before it signs, and retires the old one after its tokens expire', async () => {
    // A gateway that refetches the JWKS as soon as it meets an unknown kid (no cooldown, so the test need not wait).
    const gateway = new UserTokenVerifier(identityUrl, { cooldownMs: 0 });
    const before = await identity.identity.sessions.sign(USER_ID, 0, true);
    const oldKid = kidOf(before);
    expect(await gateway.verify(before)).toEqual({ userId: USER_ID, sessionVersion: 0 });

    const published = await harness.admin('jwt', 'rotate');
    expect(published.code).toBe(0);
    expect(published.out).toMatch(/^published next key (\S+) \(in the JWKS, not signing yet\)/);
    const newKid = /published next key (\S+)/.exec(published.out)?.[1];
    await identityRereads();
    // Step one: both keys are published, the old one still signs.
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect(kidOf(await identity.identity.sessions.sign(USER_ID, 0))).toBe(oldKid);

    const tooEarly = await harness.admin('jwt', 'rotate');
    expect(tooEarly.code).toBe(1);
    expect(tooEarly.err).toMatch(/gateways may not know it yet\. Promote it after .* or now with --force/);

    const promoted = await harness.admin('jwt', 'rotate', '--force');
    expect(promoted.code).toBe(0);
    expect(promoted.out).toContain(`promoted ${newKid}: it signs new sessions now; ${oldKid} stays published`);
    await identityRereads();
    const after = await identity.identity.sessions.sign(USER_ID, 0);
    expect(kidOf(after)).toBe(newKid);
    // The gateway had only the old key cached: the new kid makes it refetch; the old session still verifies.
    expect(await gateway.verify(after)).toEqual({ userId: USER_ID, sessionVersion: 0 });
    expect(await gateway.verify(before)).toEqual({ userId: USER_ID, sessionVersion: 0 });
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, newKid]));

    const status = await harness.admin('jwt', 'status', '--json');
    const states = Object.fromEntries(status.json<{ keys: SigningKeyStatus[] }>().keys.map((key) => [key.kid, key.state]));
    expect(states).toEqual({ [newKid as string]: 'signing', [oldKid as string]: 'superseded' });

    // Tokens of the old key may live 30 days: retiring now keeps it.
    const early = await harness.admin('jwt', 'retire');
    expect(early.out.trim()).toBe('no key to retire');
    expect(await publishedKids()).toContain(oldKid);

    // A month later every token it signed has expired: it leaves the JWKS and its tokens stop verifying.
    expect(await retireSigningKeys(identity.identity.db, { now: new Date(Date.now() + 31 * DAY_MS) })).toEqual([oldKid]);
    await identityRereads();
    expect(await publishedKids()).toEqual([newKid]);
    const freshGateway = new UserTokenVerifier(identityUrl, { cooldownMs: 0 });
    expect(await freshGateway.verify(before)).toBeNull();
    expect(await freshGateway.verify(after)).toEqual({ userId: USER_ID, sessionVersion: 0 });
  });

  it('answers usage errors with exit code 2 and the usage text', async () => {
    const unknown = await harness.admin('jwt', 'spin');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown jwt action "spin" (status, rotate, retire)');
    expect(unknown.err).toContain('admin jwt rotate [--force]');
    expect((await harness.admin('jwt', 'status', '--force')).code).toBe(2);
  });
});
