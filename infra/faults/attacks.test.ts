/// <reference types="vite/client" />
// Attacks through the gateway: cross-tenant access to every id-bearing route, forged and tampered JWTs,
// disabled and deleted API keys, brute-force sign-in, open redirects and forged tokens in click tracking,
// forged Razorpay signatures, SSRF through SMTP hosts and webhook URLs, and a scan of every table for the
// secrets used (passwords, SMTP passwords, API keys, session and one-time tokens, webhook secrets).
// Each area of attacks beyond these lives in attacks/<area>-attacks.ts and shares this file's one stack.
import { createHmac, randomBytes } from 'node:crypto';
import { SecretBox } from '@mailwright/kit';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAZORPAY_WEBHOOK_SECRET } from '../e2e/support/razorpay-stand-in';
import { freePort } from '../launcher/free-port';
import { type AliceResources, AUTH_MAX, figures, problems, setAttackContext, tally } from './attacks/attack-context';
import { addSinkAccount, Client, signUpVerified, type User, uniqueEmail, upgrade, waitFor } from './support/client';
import { type FaultStack, startFaultStack } from './support/fault-stack';
import { formatTable, writeReport } from './support/report';

let fs: FaultStack;
let client: Client;
let alice: User;
let bob: User;
const secrets = new Set<string>();
let a: AliceResources;

beforeAll(async () => {
  fs = await startFaultStack({
    label: 'attacks',
    postgres: 'shared',
    workers: 1,
    env: { RATE_LIMIT_AUTH_MAX: String(AUTH_MAX), API_KEY_CACHE_SECONDS: '5' },
  });
  client = new Client(fs.gatewayUrl);
  alice = await signUpVerified(client, fs.sink, 'alice', { fromHost: '127.0.0.11' });
  bob = await signUpVerified(client, fs.sink, 'bob', { fromHost: '127.0.0.12' });
  for (const user of [alice, bob]) {
    secrets.add(user.password).add(user.token);
    await upgrade(client, fs, user.token, 'enterprise');
  }
  const smtpPassword = `smtp-secret-${randomBytes(8).toString('hex')}`;
  secrets.add(smtpPassword);
  const accountId = await addSinkAccount(client, fs.sink, alice.token, smtpPassword);
  await addSinkAccount(client, fs.sink, bob.token);
  const template = await client.call<{ data: { _id: string } }>('/api/templates', {
    token: alice.token,
    body: { name: 'Alice private template', subject: 'Alice subject', body: 'Alice body' },
  });
  const key = await client.call<{ data: { _id: string; key: string } }>('/api/api-keys', {
    token: alice.token,
    body: { name: 'alice' },
  });
  secrets.add(key.body.data.key);
  const recipient = uniqueEmail('tracked', 'sink.test');
  const sent = await client.call<{ data: { _id: string } }>('/api/emails/send', {
    token: alice.token,
    body: { to: [recipient], subject: 'Tracked', body: '<p>Read <a href="https://example.com/landing">this</a></p>' },
  });
  const scheduled = await client.call<{ data: { _id: string } }>('/api/emails/send', {
    token: alice.token,
    body: { to: [recipient], subject: 'Later', body: 'Later', scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
  });
  const hook = await client.call<{ data: { _id: string; secret: string } }>('/api/webhooks', {
    token: alice.token,
    body: { url: `http://127.0.0.1:${await freePort()}/hook`, events: ['email.sent'] },
  });
  secrets.add(hook.body.data.secret);
  expect([template.status, key.status, sent.status, scheduled.status, hook.status]).toEqual([201, 201, 201, 201, 201]);
  const mail = await waitFor('the tracked email', () => fs.sink.messages.find((m) => m.envelopeTo.includes(recipient)));
  const click = mail.html.match(/\/t\/c\/([A-Za-z0-9_-]{40})/)?.[1];
  const open = mail.html.match(/\/t\/o\/([A-Za-z0-9_-]{40})/)?.[1];
  if (!click || !open) throw new Error(`no tracking links in ${mail.html}`);
  a = {
    templateId: template.body.data._id,
    accountId,
    apiKeyId: key.body.data._id,
    apiKey: key.body.data.key,
    emailId: sent.body.data._id,
    scheduledId: scheduled.body.data._id,
    webhookId: hook.body.data._id,
    clickToken: click,
    openToken: open,
  };
  setAttackContext({ fs, client, alice, bob, a, secrets });
}, 180_000);

afterAll(async () => {
  // Extra figures of an attack (e.g. refusedWithinMs for API keys) go to the JSON report only.
  const rows = Object.entries(figures).map(([attack, { tried, accepted, fiveXx, leaks }]) => ({
    attack,
    attempts: tried,
    accepted,
    '5xx': fiveXx,
    leaks,
  }));
  const total = rows.reduce(
    (sum, row) => ({ tried: sum.tried + row.attempts, leaks: sum.leaks + row.leaks, fiveXx: sum.fiveXx + row['5xx'] }),
    { tried: 0, leaks: 0, fiveXx: 0 },
  );
  console.log(
    `\nAttacks\n${formatTable(rows)}\ninputs tried ${total.tried}, leaks seen ${total.leaks}, 5xx seen ${total.fiveXx}\n`,
  );
  writeReport('attacks', {
    inputsTried: total.tried,
    leaksSeen: total.leaks,
    fiveXxSeen: total.fiveXx,
    attacks: rows,
    details: figures,
    problems,
  });
  await fs?.stop();
}, 60_000);

describe('attacks', () => {
  it("never shows, changes or uses another user's resources", async () => {
    const seen = problems.length;
    const smtpBody = { host: '127.0.0.1', port: fs.sink.smtpPort, username: 'x', password: 'bob-tries' };
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/templates/${a.templateId}`],
      ['PUT', `/api/templates/${a.templateId}`, { name: 'pwned', subject: 'pwned', body: 'pwned' }],
      ['POST', `/api/templates/${a.templateId}/preview`, {}],
      ['DELETE', `/api/templates/${a.templateId}`],
      ['PUT', `/api/email-accounts/${a.accountId}`, smtpBody],
      ['PUT', `/api/email-accounts/${a.accountId}/default`],
      ['DELETE', `/api/email-accounts/${a.accountId}`],
      ['PUT', `/api/api-keys/${a.apiKeyId}/toggle`],
      ['DELETE', `/api/api-keys/${a.apiKeyId}`],
      ['GET', `/api/emails/${a.emailId}`],
      ['DELETE', `/api/emails/${a.scheduledId}/cancel`],
      ['GET', `/api/webhooks/${a.webhookId}`],
      ['PATCH', `/api/webhooks/${a.webhookId}`, { description: 'pwned' }],
      ['POST', `/api/webhooks/${a.webhookId}/rotate-secret`],
      ['POST', `/api/webhooks/${a.webhookId}/test`],
      ['GET', `/api/webhooks/${a.webhookId}/deliveries`],
      ['DELETE', `/api/webhooks/${a.webhookId}`],
      ['POST', '/api/emails/send', { to: ['x@sink.test'], subject: 's', body: 'b', emailAccountId: a.accountId }],
      ['POST', '/api/emails/send', { to: ['x@sink.test'], templateId: a.templateId }],
    ];
    const aliceMarkers = [
      a.templateId,
      a.accountId,
      a.apiKeyId,
      a.emailId,
      a.scheduledId,
      a.webhookId,
      alice.email,
      'Alice private template',
    ];
    for (const [method, path, body] of attempts) {
      const response = await client.call(path, { method, token: bob.token, body });
      const leaked = response.status < 400 || aliceMarkers.some((marker) => response.text.includes(marker));
      tally('cross-tenant (id routes)', !leaked, response.status, `${method} ${path} ${response.text.slice(0, 120)}`);
      // Without credentials at all.
      const anonymous = await client.call(path, { method, body });
      tally('cross-tenant (id routes)', anonymous.status === 401, anonymous.status, `anonymous ${method} ${path}`);
    }
    // Bob's API key with Alice's account; caller-supplied internal headers are stripped by the gateway.
    const bobKey = await client.call<{ data: { key: string } }>('/api/api-keys', { token: bob.token, body: { name: 'bob' } });
    secrets.add(bobKey.body.data.key);
    const viaKey = await client.call('/api/emails/api/send', {
      apiKey: bobKey.body.data.key,
      body: { to: ['x@sink.test'], subject: 's', body: 'b', emailAccountId: a.accountId },
    });
    tally('cross-tenant (id routes)', viaKey.status >= 400, viaKey.status, 'api key send with a foreign account');
    for (const header of ['x-mailwright-internal', 'x-mailwright-user-id', 'x-mailwright-user']) {
      const spoof = await client.call(`/api/templates/${a.templateId}`, {
        token: bob.token,
        headers: { [header]: header === 'x-mailwright-internal' ? alice.token : alice.userId },
      });
      tally('cross-tenant (id routes)', spoof.status === 404, spoof.status, `spoofed ${header}`);
    }
    // Services refuse calls that did not come through the gateway.
    for (const [service, path] of [
      ['templates', '/templates'],
      ['mail', '/emails'],
      ['accounts', '/email-accounts'],
      ['identity', '/auth/me'],
      ['billing', '/payments/history'],
    ] as const) {
      const direct = await fetch(`${fs.stack.urlOf(service)}${path}`, { headers: { 'x-mailwright-user-id': alice.userId } });
      tally('cross-tenant (id routes)', direct.status === 401, direct.status, `direct ${service}${path}`);
    }
    for (const path of [
      '/api/templates',
      '/api/email-accounts',
      '/api/api-keys',
      '/api/emails',
      '/api/webhooks',
      '/api/emails/analytics/stats',
      '/api/payments/history',
    ]) {
      const response = await client.call(path, { token: bob.token });
      const leaked = aliceMarkers.some((marker) => response.text.includes(marker));
      tally('cross-tenant (lists)', response.status === 200 && !leaked, response.status, `${path} shows Alice's data`);
    }
    // Alice's resources are untouched.
    const template = await client.call<{ data: { name: string } }>(`/api/templates/${a.templateId}`, { token: alice.token });
    const scheduled = await client.call<{ data: { status: string } }>(`/api/emails/${a.scheduledId}`, { token: alice.token });
    const keys = await client.call<{ data: Array<{ _id: string; isActive: boolean }> }>('/api/api-keys', { token: alice.token });
    const hook = await client.call(`/api/webhooks/${a.webhookId}`, { token: alice.token });
    const accounts = await client.call<{ data: Array<{ _id: string }> }>('/api/email-accounts', { token: alice.token });
    expect(template.body.data.name).toBe('Alice private template');
    expect(scheduled.body.data.status).toBe('scheduled');
    expect(keys.body.data.find((k) => k._id === a.apiKeyId)?.isActive).toBe(true);
    expect(hook.status).toBe(200);
    expect(accounts.body.data.map((x) => x._id)).toContain(a.accountId);
    expect(problems.slice(seen)).toEqual([]);
  });

  it('refuses JWTs with alg none, a wrong key, an expired or a tampered payload', async () => {
    const seen = problems.length;
    const header = decodeProtectedHeader(alice.token);
    const claims = decodeJwt(alice.token);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [h, p, s] = alice.token.split('.') as [string, string, string];
    const { rows } = await fs.db.query<{ sealed: string }>(
      'select private_jwk_sealed as sealed from identity.signing_keys where kid = $1',
      [header.kid],
    );
    const realKey = await importJWK(
      JSON.parse(new SecretBox(fs.secrets.ENCRYPTION_KEY as string).open(rows[0]?.sealed ?? '')),
      'ES256',
    );
    const otherKey = (await generateKeyPair('ES256')).privateKey;
    const sign = (key: CryptoKey | Uint8Array, payload: Record<string, unknown>, alg = 'ES256') =>
      new SignJWT(payload).setProtectedHeader({ alg, kid: header.kid }).sign(key);
    const now = Math.floor(Date.now() / 1000);
    const publicJwk = await exportJWK((await generateKeyPair('ES256')).publicKey);
    const forged: Array<[string, string]> = [
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`],
      ['alg none with signature', `${b64({ alg: 'none', kid: header.kid })}.${p}.${s}`],
      ['wrong key', await sign(otherKey, { ...claims })],
      [
        'HS256 with a public key as secret',
        await sign(new TextEncoder().encode(JSON.stringify(publicJwk)), { ...claims }, 'HS256'),
      ],
      ['expired (real key)', await sign(realKey, { ...claims, iat: now - 7200, exp: now - 3600 })],
      ['not yet valid (real key)', await sign(realKey, { ...claims, nbf: now + 3600 })],
      ['wrong audience (real key)', await sign(realKey, { ...claims, aud: 'someone-else' })],
      ['wrong issuer (real key)', await sign(realKey, { ...claims, iss: 'evil' })],
      ['tampered sub', `${h}.${b64({ ...claims, sub: bob.userId })}.${s}`],
      ['tampered exp', `${h}.${b64({ ...claims, exp: now + 10 * 365 * 86400 })}.${s}`],
      ['truncated signature', `${h}.${p}.${s.slice(0, -4)}`],
      ['garbage', 'not-a-jwt'],
      ['empty', ''],
    ];
    for (const [label, token] of forged) {
      const response = await client.call('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
      tally('forged JWTs', response.status === 401, response.status, label);
    }
    // The same real key with valid claims works: the refusals above are about the forgery, not the key.
    const control = await client.call('/api/auth/me', { token: await sign(realKey, { ...claims, iat: now, exp: now + 600 }) });
    expect(control.status).toBe(200);
    expect(problems.slice(seen)).toEqual([]);
  });

  it('ignores forged tracking tokens and never redirects anywhere but the stored link', async () => {
    const seen = problems.length;
    const flip = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const otherSecret = createHmac('sha256', 'not-the-secret').update('x').digest('base64url').slice(0, 40);
    const bad = [flip(a.clickToken), flip(a.openToken), otherSecret, 'A'.repeat(40), `${a.clickToken}x`, '..%2F..%2Fevil'];
    for (const token of bad) {
      const click = await client.call(`/t/c/${token}`);
      const refused = click.status >= 400 && click.status < 500;
      tally('tracking tokens', refused && !click.headers.get('location'), click.status, `click ${token}`);
      const pixel = await client.call(`/t/o/${token}.gif`);
      tally('tracking tokens', pixel.status < 500, pixel.status, `open ${token}`);
    }
    const redirects = [
      `/t/c/${a.clickToken}?url=https://evil.test/`,
      `/t/c/${a.clickToken}?redirect=//evil.test`,
      `/t/c/${a.clickToken}/https://evil.test`,
      `/t/c/https%3A%2F%2Fevil.test`,
      '/t/c///evil.test',
      '/t/c/%2F%2Fevil.test',
    ];
    for (const path of redirects) {
      const response = await client.call(path);
      const location = response.headers.get('location') ?? '';
      tally('open redirect', !location.includes('evil'), response.status, `${path} → ${location}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const before = await client.call<{ data: { analytics: { opened: boolean; clicked: boolean } } }>(`/api/emails/${a.emailId}`, {
      token: alice.token,
    });
    tally('tracking tokens', !before.body.data.analytics.opened, 200, 'a forged open pixel recorded an open');
    // The genuine link still works and is recorded: the checks above can fail.
    const genuine = await client.call(`/t/c/${a.clickToken}`);
    expect(genuine.status).toBe(302);
    expect(genuine.headers.get('location')).toBe('https://example.com/landing');
    expect(problems.slice(seen)).toEqual([]);
  });

  it('refuses forged Razorpay payment and webhook signatures', async () => {
    const seen = problems.length;
    const carol = await signUpVerified(client, fs.sink, 'carol', { fromHost: '127.0.0.13' });
    secrets.add(carol.password).add(carol.token);
    const order = await client.call<{ orderId: string }>('/api/payments/create-order', {
      token: carol.token,
      body: { plan: 'pro' },
    });
    const forgedSignature = createHmac('sha256', 'wrong-secret').update(`${order.body.orderId}|pay_forged`).digest('hex');
    for (const signature of [forgedSignature, 'deadbeef', '0'.repeat(64)]) {
      const verify = await client.call('/api/payments/verify', {
        token: carol.token,
        body: {
          razorpay_order_id: order.body.orderId,
          razorpay_payment_id: 'pay_forged',
          razorpay_signature: signature,
          plan: 'pro',
        },
      });
      tally('Razorpay signatures', verify.status === 400, verify.status, `verify with ${signature.slice(0, 8)}`);
    }
    const event = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_forged',
            order_id: order.body.orderId,
            amount: 99900,
            status: 'captured',
            notes: { userId: carol.userId, plan: 'pro' },
          },
        },
      },
    });
    const signatures: Array<[string, Record<string, string>]> = [
      ['none', {}],
      ['wrong secret', { 'x-razorpay-signature': createHmac('sha256', 'wrong').update(event).digest('hex') }],
      [
        'signature of another body',
        { 'x-razorpay-signature': createHmac('sha256', RAZORPAY_WEBHOOK_SECRET).update(`${event} `).digest('hex') },
      ],
      ['garbage', { 'x-razorpay-signature': 'zz' }],
    ];
    for (const [label, headers] of signatures) {
      const response = await client.call('/api/payments/webhook', {
        rawBody: event,
        headers: { ...headers, 'x-razorpay-event-id': `evt_${label}` },
      });
      tally('Razorpay signatures', response.status === 400, response.status, `webhook ${label}`);
    }
    const me = await client.call<{ user: { subscription: { plan: string } } }>('/api/auth/me', { token: carol.token });
    expect(me.body.user.subscription.plan).toBe('free');
    // A correctly signed webhook is accepted: the refusals above are about the signature.
    const genuine = await client.call('/api/payments/webhook', {
      rawBody: event,
      headers: {
        'x-razorpay-signature': createHmac('sha256', RAZORPAY_WEBHOOK_SECRET).update(event).digest('hex'),
        'x-razorpay-event-id': 'evt_ok',
      },
    });
    expect(genuine.status).toBeLessThan(300);
    expect(problems.slice(seen)).toEqual([]);
  });

  it('stops accepting a disabled or deleted API key within 5 seconds', async () => {
    const seen = problems.length;
    const send = (key: string) =>
      client.call('/api/emails/api/send', {
        apiKey: key,
        body: { to: [uniqueEmail('k', 'sink.test')], subject: 'k', body: 'k' },
      });
    const timings: Record<string, number> = {};
    const second = await client.call<{ data: { _id: string; key: string } }>('/api/api-keys', {
      token: alice.token,
      body: { name: 'second' },
    });
    secrets.add(second.body.data.key);
    for (const [label, key, id, disable] of [
      [
        'disabled',
        a.apiKey,
        a.apiKeyId,
        (id: string) => client.call(`/api/api-keys/${id}/toggle`, { method: 'PUT', token: alice.token }),
      ],
      [
        'deleted',
        second.body.data.key,
        second.body.data._id,
        (id: string) => client.call(`/api/api-keys/${id}`, { method: 'DELETE', token: alice.token }),
      ],
    ] as const) {
      expect((await send(key)).status).toBe(201);
      const changed = await disable(id);
      expect(changed.status).toBe(200);
      const start = Date.now();
      const refusedAt = await waitFor(
        `${label} key refused`,
        async () => ((await send(key)).status === 401 ? Date.now() : undefined),
        10_000,
      );
      timings[label] = refusedAt - start;
      tally('API keys', timings[label] <= 5_000 + 500, 401, `${label} key still worked after ${timings[label]} ms`);
    }
    (figures['API keys'] ?? { extra: {} }).extra = { refusedWithinMs: timings };
    expect(problems.slice(seen)).toEqual([]);
  });

  it('refuses SMTP hosts and webhook URLs on loopback or private addresses unless the operator allows them', async () => {
    const seen = problems.length;
    const refusing = { env: { ALLOW_PRIVATE_TARGETS: 'false' } };
    await Promise.all([fs.stack.restart('accounts', refusing), fs.stack.restart('mail', refusing)]);
    const before = await fs.db.query<{ n: number }>('select count(*)::int as n from accounts.email_accounts');
    const hosts = [
      '127.0.0.1',
      'localhost',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '[::1]',
      '100.64.0.1',
      '2130706433',
      '0x7f000001',
      '127.1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ];
    for (const host of hosts) {
      const response = await client.call<{ message?: string }>('/api/email-accounts/smtp', {
        token: bob.token,
        body: { email: uniqueEmail('ssrf'), host, port: fs.sink.smtpPort, username: 'x', password: 'ssrf-password' },
      });
      tally(
        'SSRF',
        response.status >= 400 && response.status < 500 && Boolean(response.body.message),
        response.status,
        `SMTP host ${host}`,
      );
    }
    const update = await client.call(`/api/email-accounts/${a.accountId}`, {
      method: 'PUT',
      token: alice.token,
      body: { host: '10.1.2.3', port: 25, username: 'x', password: 'y' },
    });
    tally('SSRF', update.status >= 400 && update.status < 500, update.status, 'SMTP update to a private host');
    const after = await fs.db.query<{ n: number }>('select count(*)::int as n from accounts.email_accounts');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const urls = [
      'http://127.0.0.1:9/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.0.0.1/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://2130706433/hook',
      'https://0x7f.0.0.1/hook',
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_FLUSHALL',
    ];
    for (const url of urls) {
      const response = await client.call<{ message?: string }>('/api/webhooks', {
        token: bob.token,
        body: { url, events: ['email.sent'] },
      });
      tally(
        'SSRF',
        response.status >= 400 && response.status < 500 && Boolean(response.body.message),
        response.status,
        `webhook ${url}`,
      );
    }
    // The sink and the test accounts are on loopback: back to the stack's own setting for the other attacks.
    await Promise.all([fs.stack.restart('accounts', { env: {} }), fs.stack.restart('mail', { env: {} })]);
    expect(problems.slice(seen)).toEqual([]);
  });

  it('keeps no secret in plaintext in any table', async () => {
    const seen = problems.length;
    // One-time tokens the users received by mail (verification, password reset) count as secrets too.
    await client.call('/api/auth/forgot-password', { body: { email: alice.email }, fromHost: '127.0.0.14' });
    await waitFor('the reset mail', () =>
      fs.sink.messages.find((m) => m.envelopeTo.includes(alice.email) && /reset-password\//.test(m.text + m.html)),
    );
    for (const message of fs.sink.messages) {
      for (const match of `${message.text}\n${message.html}`.matchAll(
        /\/(?:verify-email|reset-password)\/([A-Za-z0-9_.~-]{16,})/g,
      )) {
        if (match[1]) secrets.add(match[1]);
      }
    }
    const { rows: tables } = await fs.db.query<{ name: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
       where table_schema in ('identity', 'accounts', 'templates', 'mail', 'billing') and table_type = 'BASE TABLE'`,
    );
    let scanned = 0;
    for (const { name } of tables) {
      const { rows } = await fs.db.query<{ row: string }>(`select row_to_json(t)::text as row from ${name} t`);
      scanned += rows.length;
      for (const secret of secrets) {
        const found = rows.some(({ row }) => row.includes(secret));
        tally('secrets at rest', !found, 200, `${name} holds a secret in plaintext (${secret.slice(0, 6)}…)`);
      }
    }
    (figures['secrets at rest'] ?? { extra: {} }).extra = { rowsScanned: scanned, secretsSearched: secrets.size };
    expect(scanned).toBeGreaterThan(10);
    expect(problems.slice(seen)).toEqual([]);
  });

  it('throttles brute-force sign-in per client address and sends rate-limit headers', async () => {
    const seen = problems.length;
    const attacker = '127.0.0.99';
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof client.call<{ message?: string }>>> | undefined;
    for (let i = 0; i < AUTH_MAX + 3; i++) {
      const response = await client.call<{ message?: string }>('/api/auth/login', {
        body: { email: alice.email, password: `guess-${i}` },
        fromHost: attacker,
      });
      statuses.push(response.status);
      expect(response.headers.get('ratelimit-limit')).toBe(String(AUTH_MAX));
      expect(response.headers.get('ratelimit-remaining')).not.toBeNull();
      expect(response.headers.get('ratelimit-reset')).not.toBeNull();
      if (response.status === 429) limited ??= response;
    }
    tally(
      'brute force',
      statuses.slice(0, AUTH_MAX).every((s) => s === 401 || s === 400),
      statuses[0] ?? 0,
      `first attempts ${statuses}`,
    );
    tally(
      'brute force',
      statuses.slice(AUTH_MAX).every((s) => s === 429),
      429,
      `attempts past the limit ${statuses}`,
    );
    expect(limited?.body.message).toMatch(/Too many requests/);
    expect(limited?.headers.get('retry-after')).not.toBeNull();
    // Even the right password waits out the window from that address; another address is unaffected.
    const right = await client.call('/api/auth/login', {
      body: { email: alice.email, password: alice.password },
      fromHost: attacker,
    });
    tally('brute force', right.status === 429, right.status, 'right password during lockout');
    const elsewhere = await client.call('/api/auth/login', {
      body: { email: alice.email, password: alice.password },
      fromHost: '127.0.0.98',
    });
    expect(elsewhere.status).toBe(200);
    // The public API carries the headers too.
    const api = await client.call('/api/emails/api/send', {
      apiKey: 'mw_invalid_key',
      body: { to: ['x@sink.test'], subject: 's', body: 'b' },
    });
    expect(api.status).toBe(401);
    expect(problems.slice(seen)).toEqual([]);
  });
});

// Every attacks/<area>-attacks.ts exports `describeAttacks()`, run here against this file's stack.
const areas = import.meta.glob<{ describeAttacks: () => void }>('./attacks/*-attacks.ts', { eager: true });
for (const area of Object.values(areas)) area.describeAttacks();
