import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyInternalToken } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET, userHeaders } from '@mailwright/kit/testing';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { insertUser } from '../src/db/queries/users';
import { createHarness, type Harness } from './helpers';

describe('session keys and the user figures from billing and mail', () => {
  let harness: Harness;
  let userId = '';
  let peers: Server;
  let peerUrl = '';
  const peerCalls: string[] = [];

  beforeAll(async () => {
    // A stand-in for billing and mail that checks the internal token like the real services do.
    peers = createServer((request, response) => {
      void verifyInternalToken(TEST_INTERNAL_SECRET, String(request.headers['x-mailwright-internal']))
        .then((claims) => {
          peerCalls.push(`${claims.service} ${request.url}`);
          response.setHeader('content-type', 'application/json');
          if (request.url?.startsWith('/internal/entitlements/')) {
            response.end(
              JSON.stringify({
                data: {
                  plan: 'pro',
                  status: 'active',
                  endDate: '2030-01-01T00:00:00.000Z',
                  emailLimit: 10000,
                  accountLimit: -1,
                  templateLimit: -1,
                  apiAccess: true,
                },
              }),
            );
          } else if (request.url?.startsWith('/internal/quota/')) {
            response.end(JSON.stringify({ data: { used: 42, limit: 10000 } }));
          } else {
            response.statusCode = 404;
            response.end('{}');
          }
        })
        .catch(() => {
          response.statusCode = 401;
          response.end('{}');
        });
    });
    await new Promise<void>((resolve) => peers.listen(0, '127.0.0.1', resolve));
    peerUrl = `http://127.0.0.1:${(peers.address() as AddressInfo).port}`;
    harness = await createHarness('sessions');
    userId =
      (await insertUser(harness.app.identity.db, { email: 'k@example.com', name: 'K', passwordHash: null, isVerified: true }))
        ?.id ?? '';
  });

  afterAll(async () => {
    await harness?.close();
    await new Promise((resolve) => peers?.close(resolve));
  });

  it('publishes only public keys at /.well-known/jwks.json without an internal token', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0].d).toBeUndefined();
    const token = await harness.app.identity.sessions.sign(userId, 0);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', kid: keys[0].kid });
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }), {
      issuer: 'mailwright-identity',
      audience: 'mailwright',
      algorithms: ['ES256'],
    });
    expect(payload.sub).toBe(userId);
  });

  it('keeps the signing key across restarts, stored sealed', async () => {
    const token = await harness.app.identity.sessions.sign(userId, 0);
    const restarted = await buildApp(harness.config);
    try {
      expect(await restarted.identity.sessions.verify(token)).toBe(userId);
      expect(await restarted.identity.sessions.jwks()).toEqual(await harness.app.identity.sessions.jwks());
    } finally {
      await restarted.close();
    }
    const { rows } = await harness.app.identity.db.$client.query('select private_jwk_sealed from identity.signing_keys');
    expect(rows).toHaveLength(1);
    expect(rows[0].private_jwk_sealed).toMatch(/^v1:/);
    expect(rows[0].private_jwk_sealed).not.toContain('"d"');
  });

  it('falls back to free-plan figures when billing and mail are unreachable', async () => {
    const me = await harness.app.inject({ method: 'GET', url: '/auth/me', headers: await userHeaders(userId) });
    expect(me.json().user).toMatchObject({
      subscription: { plan: 'free', status: 'active', endDate: null },
      emailQuota: { used: 0, limit: 100 },
    });
  });

  it('shows the plan from billing and the quota from mail when they answer', async () => {
    const app = await buildApp({ ...harness.config, BILLING_URL: peerUrl, MAIL_URL: peerUrl });
    try {
      const me = await app.inject({ method: 'GET', url: '/auth/me', headers: await userHeaders(userId) });
      expect(me.json().user).toMatchObject({
        subscription: { plan: 'pro', status: 'active', endDate: '2030-01-01T00:00:00.000Z' },
        emailQuota: { used: 42, limit: 10000 },
      });
      expect(peerCalls).toEqual(
        expect.arrayContaining([`identity /internal/entitlements/${userId}`, `identity /internal/quota/${userId}`]),
      );
    } finally {
      await app.close();
    }
  });
});
