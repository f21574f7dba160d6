// The plan's account limit, read from a billing look-alike over real HTTP (GET /internal/entitlements/:userId).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Entitlements, FREE_ENTITLEMENTS } from '@mailwright/contracts';
import { INTERNAL_TOKEN_HEADER, verifyInternalToken } from '@mailwright/kit';
import { type SmtpPeer, TEST_INTERNAL_SECRET, type TestDatabase, userHeaders } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './helpers/config';
import { migratedTestDatabase } from './helpers/database';
import { startSmtpPeer } from './helpers/smtp-peer';

let database: TestDatabase;
let smtp: SmtpPeer;
let billing: Server;
let app: FastifyInstance;
const plans = new Map<string, Entitlements>();
const billingCallers: (string | undefined)[] = [];

async function addAccount(userId: string, name: string) {
  return app.inject({
    method: 'POST',
    url: '/email-accounts/smtp',
    headers: await userHeaders(userId),
    payload: { email: `${name}@example.com`, displayName: name, host: smtp.host, port: smtp.port, username: 'u', password: 'p' },
  });
}

beforeAll(async () => {
  database = await migratedTestDatabase('plan_limit');
  smtp = await startSmtpPeer({ u: 'p' });
  billing = createServer((request, response) => {
    void (async () => {
      const match = /^\/internal\/entitlements\/([^/]+)$/.exec(request.url ?? '');
      const token = request.headers[INTERNAL_TOKEN_HEADER];
      const caller =
        typeof token === 'string' ? await verifyInternalToken(TEST_INTERNAL_SECRET, token).catch(() => undefined) : undefined;
      billingCallers.push(caller?.service);
      if (!match?.[1] || caller?.kind !== 'service') {
        response
          .writeHead(match ? 401 : 404, { 'content-type': 'application/json' })
          .end('{"message":"no","code":"UNAUTHORIZED"}');
        return;
      }
      const data = plans.get(decodeURIComponent(match[1])) ?? FREE_ENTITLEMENTS;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    })();
  });
  await new Promise<void>((resolve) => billing.listen(0, '127.0.0.1', resolve));
  const { port } = billing.address() as AddressInfo;
  app = await buildApp(testConfig(database.url, { BILLING_URL: `http://127.0.0.1:${port}` }));
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => billing?.close(resolve));
  await smtp?.stop();
  await database?.drop();
});

describe('the account limit', () => {
  it('lets a free user add one account and refuses the second with 403 PLAN_LIMIT', async () => {
    const userId = randomUUID();
    expect((await addAccount(userId, 'one')).statusCode).toBe(201);
    const second = await addAccount(userId, 'two');
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      code: 'PLAN_LIMIT',
      message: 'Your Free plan allows 1 email account. Upgrade your plan at /pricing to add more email accounts.',
    });
    expect(billingCallers).toContain('accounts');
  });

  it('lets a pro user (-1) add as many as they like', async () => {
    const userId = randomUUID();
    plans.set(userId, { ...FREE_ENTITLEMENTS, plan: 'pro', accountLimit: -1, emailLimit: 10_000 });
    for (const name of ['a', 'b', 'c']) expect((await addAccount(userId, name)).statusCode).toBe(201);
  });

  it('cannot be beaten by parallel requests', async () => {
    const userId = randomUUID();
    const responses = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((name) => addAccount(userId, name)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 403, 403, 403]);
  });

  it('refuses a Gmail connect ticket when the plan is full', async () => {
    const userId = randomUUID();
    await addAccount(userId, 'solo');
    const response = await app.inject({
      method: 'POST',
      url: '/email-accounts/connect-ticket',
      headers: await userHeaders(userId),
      payload: { provider: 'gmail' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PLAN_LIMIT');
  });
});
