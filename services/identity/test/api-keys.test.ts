import { FREE_ENTITLEMENTS, MAIL_MESSAGES } from '@mailwright/contracts';
import { FixedEntitlements, PRO_ENTITLEMENTS, serviceHeaders, userHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/db/queries/users';
import { createHarness, type Harness } from './helpers';
import { RevocationListener } from './revocation-listener';

describe('API keys', () => {
  let harness: Harness;
  let owner = '';
  let stranger = '';
  const revocations = new RevocationListener();
  const entitlements = new FixedEntitlements(PRO_ENTITLEMENTS);

  beforeAll(async () => {
    await revocations.start();
    harness = await createHarness('api_keys', {}, { entitlements });
    const db = harness.app.identity.db;
    owner = (await insertUser(db, { email: 'owner@example.com', name: 'Owner', passwordHash: null, isVerified: true }))?.id ?? '';
    stranger =
      (await insertUser(db, { email: 'stranger@example.com', name: 'Stranger', passwordHash: null, isVerified: true }))?.id ?? '';
  });

  afterAll(async () => {
    await harness?.close();
    await revocations.stop();
  });

  const as = async (userId: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    harness.app.inject({ method, url, payload, headers: await userHeaders(userId) });
  const resolve = async (key: string) =>
    harness.app.inject({
      method: 'POST',
      url: '/internal/api-keys/resolve',
      payload: { key },
      headers: await serviceHeaders('gateway'),
    });

  it('creates a key shown in full once, then lists it masked with lastUsed null', async () => {
    const created = await as(owner, 'POST', '/api-keys', { name: 'Production' });
    expect(created.statusCode).toBe(201);
    const { data } = created.json();
    expect(data).toMatchObject({ name: 'Production', isActive: true, lastUsed: null });
    expect(data.key).toMatch(/^mw_live_[A-Za-z0-9]{32}$/);
    expect(data._id).toBe(data.id);

    const list = await as(owner, 'GET', '/api-keys');
    expect(list.statusCode).toBe(200);
    const [listed] = list.json().data;
    expect(list.json().data).toHaveLength(1);
    expect(listed.key).toBe(`${data.key.slice(0, 12)}…${data.key.slice(-4)}`);
    expect(JSON.stringify(list.json())).not.toContain(data.key);

    const stored = await harness.app.identity.db.$client.query('select * from identity.api_keys');
    expect(JSON.stringify(stored.rows)).not.toContain(data.key);
  });

  const lastUsedOf = async (id: string) =>
    (await as(owner, 'GET', '/api-keys')).json().data.find((key: { id: string }) => key.id === id).lastUsed;
  const reportUsage = async (payload: object, headers?: Record<string, string>) =>
    harness.app.inject({
      method: 'POST',
      url: '/internal/api-keys/usage',
      payload,
      headers: headers ?? (await serviceHeaders('gateway')),
    });

  it('resolves a key for services without counting it as used, and refuses unknown keys', async () => {
    const { data } = (await as(owner, 'POST', '/api-keys', { name: 'CI' })).json();
    const resolved = await resolve(data.key);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({ data: { apiKeyId: data.id, userId: owner, isActive: true, scopes: ['send', 'read'] } });
    // Resolving is asking, not using: the gateway may still refuse the call (plan, rate limit, disabled key).
    await harness.app.identity.apiKeyUsage.flush();
    expect(await lastUsedOf(data.id)).toBeNull();

    expect((await resolve(`mw_live_${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await resolve('garbage')).statusCode).toBe(404);
    const asUser = await harness.app.inject({
      method: 'POST',
      url: '/internal/api-keys/resolve',
      payload: { key: data.key },
      headers: await userHeaders(owner),
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('records the use the gateway reports on /internal/api-keys/usage (services only)', async () => {
    const { data } = (await as(owner, 'POST', '/api-keys', { name: 'Used' })).json();
    const reported = await reportUsage({ apiKeyIds: [data.id, data.id] });
    expect(reported.statusCode).toBe(204);
    await expect.poll(() => lastUsedOf(data.id)).not.toBeNull();

    const asUser = await reportUsage({ apiKeyIds: [data.id] }, await userHeaders(owner));
    expect(asUser.statusCode).toBe(403);
    for (const payload of [{}, { apiKeyIds: [] }, { apiKeyIds: ['not-a-uuid'] }, { apiKeyIds: 'x' }]) {
      expect((await reportUsage(payload)).statusCode).toBe(400);
    }
  });

  it('publishes a revocation to every gateway when a key is disabled or deleted (not when enabled)', async () => {
    const { data } = (await as(owner, 'POST', '/api-keys', { name: 'Revoked' })).json();
    const isThisKey = (revocation: { kind: string }) =>
      revocation.kind === 'api-key' && 'apiKeyId' in revocation && revocation.apiKeyId === data.id;
    expect((await as(owner, 'PUT', `/api-keys/${data.id}/toggle`)).json().data.isActive).toBe(false);
    await revocations.next(isThisKey);
    revocations.received.length = 0;
    expect((await as(owner, 'PUT', `/api-keys/${data.id}/toggle`)).json().data.isActive).toBe(true);
    expect((await as(owner, 'DELETE', `/api-keys/${data.id}`)).statusCode).toBe(200);
    await revocations.next(isThisKey);
    expect(revocations.received.filter(isThisKey)).toHaveLength(1);
  });

  it('toggles a key inactive and back; resolve reports the state', async () => {
    const { data } = (await as(owner, 'POST', '/api-keys', { name: 'Toggle me' })).json();
    const off = await as(owner, 'PUT', `/api-keys/${data.id}/toggle`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ id: data.id, isActive: false });
    expect(off.json().data.key).toContain('…');
    expect((await resolve(data.key)).json().data.isActive).toBe(false);
    const on = await as(owner, 'PUT', `/api-keys/${data.id}/toggle`);
    expect(on.json().data.isActive).toBe(true);
  });

  it("answers 404 for another user's key and leaves it untouched", async () => {
    const { data } = (await as(owner, 'POST', '/api-keys', { name: 'Mine' })).json();
    expect((await as(stranger, 'PUT', `/api-keys/${data.id}/toggle`)).statusCode).toBe(404);
    const deleted = await as(stranger, 'DELETE', `/api-keys/${data.id}`);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ message: 'API key not found', code: 'NOT_FOUND' });
    expect((await as(stranger, 'GET', '/api-keys')).json().data).toEqual([]);
    expect((await resolve(data.key)).json().data).toMatchObject({ userId: owner, isActive: true });
  });

  it('deletes a key, after which it no longer resolves', async () => {
    const { data } = (await as(owner, 'POST', '/api-keys', { name: 'Short-lived' })).json();
    const deleted = await as(owner, 'DELETE', `/api-keys/${data.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await resolve(data.key)).statusCode).toBe(404);
    expect((await as(owner, 'DELETE', `/api-keys/${data.id}`)).statusCode).toBe(404);
  });

  it('refuses to create a key on a plan without API access, and creates one once the plan has it', async () => {
    entitlements.set(stranger, FREE_ENTITLEMENTS);
    const refused = await as(stranger, 'POST', '/api-keys', { name: 'Free plan' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MAIL_MESSAGES.apiAccessRequired, code: 'API_ACCESS_REQUIRED' });
    expect((await as(stranger, 'GET', '/api-keys')).json().data).toEqual([]);

    entitlements.set(stranger, PRO_ENTITLEMENTS);
    const created = await as(stranger, 'POST', '/api-keys', { name: 'Pro plan' });
    expect(created.statusCode).toBe(201);
    expect((await as(stranger, 'DELETE', `/api-keys/${created.json().data.id}`)).statusCode).toBe(200);
  });

  it('stores the scopes asked for, full access by default, and resolves them for the gateway', async () => {
    const full = (await as(owner, 'POST', '/api-keys', { name: 'Everything' })).json().data;
    expect(full.scopes).toEqual(['send', 'read']);
    const readOnly = (await as(owner, 'POST', '/api-keys', { name: 'Dashboard', scopes: ['read'] })).json().data;
    expect(readOnly.scopes).toEqual(['read']);
    const reordered = (await as(owner, 'POST', '/api-keys', { name: 'Both', scopes: ['read', 'send'] })).json().data;
    expect(reordered.scopes).toEqual(['send', 'read']);

    const listed = (await as(owner, 'GET', '/api-keys')).json().data;
    expect(listed.find((key: { id: string }) => key.id === readOnly.id).scopes).toEqual(['read']);
    expect((await resolve(readOnly.key)).json().data.scopes).toEqual(['read']);
    expect((await resolve(full.key)).json().data.scopes).toEqual(['send', 'read']);

    for (const scopes of [[], ['admin'], ['send', 'send'], 'send']) {
      expect((await as(owner, 'POST', '/api-keys', { name: 'Bad scopes', scopes })).statusCode).toBe(400);
    }
  });

  it('gives keys stored before scopes existed full access (the column default)', async () => {
    const { data } = (await as(owner, 'POST', '/api-keys', { name: 'Old key' })).json();
    const { rows } = await harness.app.identity.db.$client.query(
      `select column_default from information_schema.columns
        where table_schema = 'identity' and table_name = 'api_keys' and column_name = 'scopes'`,
    );
    expect(rows[0].column_default).toContain("ARRAY['send'::text, 'read'::text]");
    await harness.app.identity.db.$client.query('update identity.api_keys set scopes = default where id = $1', [data.id]);
    expect((await resolve(data.key)).json().data.scopes).toEqual(['send', 'read']);
  });

  it('refuses bad input with 4xx', async () => {
    expect((await as(owner, 'POST', '/api-keys', {})).statusCode).toBe(400);
    expect((await as(owner, 'POST', '/api-keys', { name: '' })).statusCode).toBe(400);
    expect((await as(owner, 'POST', '/api-keys', { name: '   ' })).statusCode).toBe(400);
    expect((await as(owner, 'POST', '/api-keys', { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await as(owner, 'PUT', '/api-keys/not-a-uuid/toggle')).statusCode).toBe(404);
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api-keys' });
    expect(anonymous.statusCode).toBe(401);
  });
});
