// Attacks on the gateway itself: sign-in throttling dodged by spelling the path another way, paths that decode to
// something else than they read, X-Forwarded-For chosen by the client, chunked bodies past the edge limit, text
// Postgres cannot store in any JSON route, an API key that keeps working after it was disabled or deleted, and
// metrics readable without a token. Paths are sent byte for byte (fetch would resolve dot segments first).
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, waitFor } from '../support/client';
import { type RawAnswer, type RawRequest, rawCall } from '../support/raw-request';
import { AUTH_MAX, attackContext, expectNoNewProblems, figures, tally } from './attack-context';

const SPELLINGS = 'throttle by path spelling';
const AMBIGUOUS = 'ambiguous paths';
const FORWARDED = 'client-chosen X-Forwarded-For';
const CHUNKED = 'chunked bodies over the limit';
const UNSTORABLE = 'unstorable text (any route)';
const KEY_REVOKE = 'API key revocation (1 s)';
const METRICS = 'metrics off loopback';

/** Source addresses of this file (127.0.0.40–59): each sees its own per-IP auth limit of 5 a minute. */
const host = (n: number) => `127.0.0.${40 + n}`;

/** One request to this suite's gateway (or another listener) with the path exactly as written, on a connection of its own. */
function rawRequest(options: Omit<RawRequest, 'ownConnection'> & { port?: number; address?: string }): Promise<RawAnswer> {
  const gateway = new URL(attackContext().fs.gatewayUrl);
  const { port, address, ...request } = options;
  return rawCall(`http://${address ?? gateway.hostname}:${port ?? gateway.port}`, { ...request, ownConnection: true });
}

const messageOf = (answer: RawAnswer) => {
  try {
    return String((JSON.parse(answer.text) as { message?: unknown }).message ?? '');
  } catch {
    return '';
  }
};

export function describeAttacks(): void {
  describe('edge', () => {
    it('throttles sign-in and the reset mail per address however the path is spelled', async () => {
      await expectNoNewProblems(async () => {
        const login = ['/api/auth/%6cogin', '/api/auth/login', '/api/auth/%6C%6F%67%69%6E', '/api/auth/l%6fgin'];
        // An address nobody owns: the guesses must not lock a real account (identity's per-account lock).
        const email = uniqueEmail('nobody');
        for (let i = 0; i < AUTH_MAX + 3; i++) {
          const path = login[i % login.length] ?? '';
          const answer = await rawRequest({
            path,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: `guess-${i}` }),
            fromHost: host(0),
          });
          const expected = i < AUTH_MAX ? 401 : 429;
          tally(SPELLINGS, answer.status === expected, answer.status, `attempt ${i + 1} at ${path}`);
        }
        for (let i = 0; i < AUTH_MAX + 2; i++) {
          const path = i % 2 === 0 ? '/api/auth/%66orgot-password' : '/api/auth/forgot-password';
          const answer = await rawRequest({
            path,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
            fromHost: host(1),
          });
          const expected = i < AUTH_MAX ? 200 : 429;
          tally(SPELLINGS, answer.status === expected, answer.status, `reset mail ${i + 1} at ${path}`);
        }
      });
    });

    it('refuses paths that decode to something else than they read, before any service sees them', async () => {
      await expectNoNewProblems(async () => {
        const { bob } = attackContext();
        const paths: Array<[method: string, path: string]> = [
          ['POST', '/api/auth/..%2flogin'],
          ['POST', '/api/auth/%2e/login'],
          ['POST', '/api/auth/./login'],
          ['GET', '/api/templates/%2e%2e/%2e%2e/metrics'],
          ['GET', '/api/templates/%2E%2E%2Fapi-keys'],
          ['GET', '/api/templates/../api-keys'],
          ['GET', '/api/templates/x/..'],
          ['GET', '/api/auth/%5cme'],
          ['GET', '/api/auth\\me'],
          ['GET', '/api/emails/abc%00'],
          ['GET', '/api/templates/%c0%ae%c0%ae/'],
          ['GET', '/api/templates/%'],
          ['GET', '/t/c/..%2f..%2fevil'],
          ['GET', '/api/email-accounts/%2e%2e/%2e%2e/internal/users/x'],
        ];
        for (const [method, path] of paths) {
          const answer = await rawRequest({
            path,
            method,
            headers: { authorization: `Bearer ${bob.token}`, 'content-type': 'application/json' },
            body: method === 'POST' ? JSON.stringify({ email: uniqueEmail('x'), password: 'x' }) : undefined,
            fromHost: host(2),
          });
          const refused = answer.status === 400 && /^Request path /.test(messageOf(answer));
          tally(AMBIGUOUS, refused, answer.status, `${method} ${path} → ${answer.text.slice(0, 100)}`);
        }
        // The same routes spelled plainly still work: the refusals are about the spelling.
        const me = await rawRequest({ path: '/api/auth/%6de', headers: { authorization: `Bearer ${bob.token}` } });
        expect(me.status).toBe(200);
      });
    });

    it('keys the per-address limit on the connection, never on an X-Forwarded-For the client sends', async () => {
      await expectNoNewProblems(async () => {
        const email = uniqueEmail('nobody');
        for (let i = 0; i < AUTH_MAX + 3; i++) {
          const spoofed = `203.0.113.${i + 1}`;
          const answer = await rawRequest({
            path: '/api/auth/login',
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `${spoofed}, 198.51.100.${i + 1}`,
              'x-real-ip': spoofed,
              forwarded: `for=${spoofed}`,
            },
            body: JSON.stringify({ email, password: `guess-${i}` }),
            fromHost: host(3),
          });
          const expected = i < AUTH_MAX ? 401 : 429;
          tally(FORWARDED, answer.status === expected, answer.status, `attempt ${i + 1} claiming to be ${spoofed}`);
        }
      });
    });

    it('answers 413 at the edge to chunked bodies over the limit, never 5xx', async () => {
      await expectNoNewProblems(async () => {
        const { bob } = attackContext();
        const chunksOf = (kb: number) => [
          '{"name":"',
          ...Array.from({ length: kb / 64 }, () => 'x'.repeat(64 * 1024)),
          '","subject":"s","body":"b"}',
        ];
        const attempts: Array<[path: string, kb: number, limit: string, token?: string]> = [
          ['/api/auth/signup', 320, '256 KB'],
          ['/api/templates', 1_344, '1.25 MB', bob.token],
          ['/api/webhooks', 320, '256 KB', bob.token],
          ['/api/api-keys', 128, '64 KB', bob.token],
        ];
        for (const [path, kb, limit, token] of attempts) {
          const answer = await rawRequest({
            path,
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            chunks: chunksOf(kb),
            fromHost: host(4),
          });
          const refused = answer.status === 413 && messageOf(answer) === `Request body is too large: the limit is ${limit}`;
          tally(CHUNKED, refused, answer.status, `${kb} KB chunked to ${path} → ${answer.text.slice(0, 100)}`);
        }
      });
    });

    it('refuses lone surrogates and NUL in any JSON body, query or parameter with a 400 naming the field', async () => {
      await expectNoNewProblems(async () => {
        const { bob, client } = attackContext();
        // Raw JSON so the escapes reach the services as written (JSON.stringify would keep them, fetch would not).
        const attempts: Array<[method: string, path: string, field: string, body?: string]> = [
          ['POST', '/api/templates', 'name', '{"name":"x\\ud800","subject":"s","body":"b"}'],
          ['POST', '/api/templates', 'body', '{"name":"n","subject":"s","body":"tail \\udc00"}'],
          ['PUT', '/api/auth/profile', 'name', '{"name":"nul \\u0000 name"}'],
          ['POST', '/api/webhooks', 'url', '{"url":"https://example.com/\\udbff","events":["email.sent"]}'],
          ['POST', '/api/api-keys', 'name', '{"name":"\\u0000"}'],
          ['POST', '/api/emails/send', 'subject', '{"to":["a@sink.test"],"subject":"\\ud83d","body":"b"}'],
          ['POST', '/api/emails/send', 'to.0', '{"to":["a\\u0000@sink.test"],"subject":"s","body":"b"}'],
          ['POST', '/api/payments/create-order', 'plan', '{"plan":"pro\\u0000"}'],
          [
            'POST',
            '/api/email-accounts/smtp',
            'username',
            '{"email":"s@example.test","host":"smtp.example.test","port":587,"username":"u\\u0000","password":"p"}',
          ],
          ['GET', '/api/emails?status=%00', 'status'],
          ['GET', '/api/templates?search=a%00b', 'search'],
        ];
        for (const [method, path, field, rawBody] of attempts) {
          const response = await client.call<{ message?: string }>(path, { method, token: bob.token, rawBody });
          const refused =
            response.status === 400 &&
            new RegExp(`^${field.replace('.', '\\.')} must not contain`).test(response.body.message ?? '');
          tally(UNSTORABLE, refused, response.status, `${method} ${path} (${field}) → ${response.text.slice(0, 120)}`);
        }
        // An emoji (a surrogate pair) is ordinary text.
        const emoji = await client.call('/api/templates', {
          token: bob.token,
          rawBody: '{"name":"party \\ud83c\\udf89","subject":"s","body":"b"}',
        });
        expect(emoji.status).toBe(201);
      });
    });

    it('stops a disabled or deleted API key within a second, not when a cache expires', async () => {
      await expectNoNewProblems(async () => {
        const { client, alice } = attackContext();
        const send = (key: string) =>
          client.call('/api/emails/api/send', {
            apiKey: key,
            body: { to: [uniqueEmail('revoke', 'sink.test')], subject: 'r', body: 'r' },
          });
        const timings: Record<string, number> = {};
        for (const [label, revoke] of [
          ['disabled', (id: string) => client.call(`/api/api-keys/${id}/toggle`, { method: 'PUT', token: alice.token })],
          ['deleted', (id: string) => client.call(`/api/api-keys/${id}`, { method: 'DELETE', token: alice.token })],
        ] as const) {
          const created = await client.call<{ data: { _id: string; key: string } }>('/api/api-keys', {
            token: alice.token,
            body: { name: `edge-${label}` },
          });
          attackContext().secrets.add(created.body.data.key);
          // Accepted once, so the gateway holds the key's resolution in its cache (5 s in this stack).
          expect((await send(created.body.data.key)).status).toBe(201);
          expect((await revoke(created.body.data._id)).status).toBe(200);
          const start = Date.now();
          const refusedAt = await waitFor(
            `${label} key refused`,
            async () => ((await send(created.body.data.key)).status === 401 ? Date.now() : undefined),
            10_000,
          );
          timings[label] = refusedAt - start;
          tally(KEY_REVOKE, timings[label] <= 1_000, 401, `${label} key still worked after ${timings[label]} ms`);
        }
        (figures[KEY_REVOKE] ?? { extra: {} }).extra = { refusedWithinMs: timings };
      });
    });

    it('never serves metrics without a token on the public port, and keeps internal listeners on loopback', async () => {
      await expectNoNewProblems(async () => {
        const { fs } = attackContext();
        for (const path of ['/metrics', '/metrics?format=text', '/%6detrics', '/api/metrics', '/api/auth/metrics']) {
          const answer = await rawRequest({ path, fromHost: host(5) });
          const leaked = /http_request_duration_seconds|process_cpu/.test(answer.text);
          tally(METRICS, !leaked && answer.status === 404, answer.status, `gateway ${path} → ${answer.text.slice(0, 80)}`);
        }
        // The machine's own non-loopback address: the gateway's public port answers there (so the address works),
        // the worker's metrics listener and the services must not.
        const address = Object.values(networkInterfaces())
          .flat()
          .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
        if (!address) return;
        const gatewayPort = Number(new URL(fs.gatewayUrl).port);
        const reachable = await rawRequest({ path: '/healthz', address, port: gatewayPort }).then(
          (answer) => answer.status === 200,
          () => false,
        );
        if (!reachable) return;
        const workerUrl = fs.stack.metricsUrlOf('mail-worker-1');
        const internal: Array<[string, number]> = [
          ['mail-worker metrics', Number(new URL(workerUrl ?? 'http://x:0').port)],
          ['identity', fs.stack.ports.get('identity') ?? 0],
          ['mail', fs.stack.ports.get('mail') ?? 0],
        ];
        for (const [name, port] of internal) {
          expect(port, name).toBeGreaterThan(0);
          const answer = await rawRequest({ path: '/metrics', address, port }).catch(() => undefined);
          tally(METRICS, answer === undefined, answer?.status ?? 0, `${name} /metrics answered on ${address}:${port}`);
        }
      });
    });
  });
}
