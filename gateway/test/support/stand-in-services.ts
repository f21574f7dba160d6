// One HTTP server standing in for every service behind the gateway: it publishes a JWKS and signs user
// tokens with its key (as identity does), answers identity's internal user and API-key questions from
// tables the test sets and billing's entitlements (plan pro), records every request it gets, and answers anything
// else with { path }.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_VERSION_CLAIM } from '@mailwright/contracts';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface StandInServices {
  url: string;
  seen: SeenRequest[];
  /** identity's answer to GET /internal/users/:id (`sessionVersion`); a missing user answers 404. */
  sessionVersions: Map<string, number | undefined>;
  /** identity's answer to POST /internal/api-keys/resolve, by key. */
  apiKeys: Map<string, { apiKeyId: string; userId: string; isActive: boolean }>;
  /** Status of every answer to a request whose path starts with the key (e.g. '/internal/users/' → 503). */
  failures: Map<string, number>;
  signUserToken(userId: string, claims?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export async function startStandInServices(): Promise<StandInServices> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'stand-in', alg: 'ES256', use: 'sig' };
  const seen: SeenRequest[] = [];
  const sessionVersions = new Map<string, number | undefined>();
  const apiKeys = new Map<string, { apiKeyId: string; userId: string; isActive: boolean }>();
  const failures = new Map<string, number>();

  const answer = (path: string, body: string): [number, unknown] => {
    for (const [prefix, status] of failures) {
      if (path.startsWith(prefix)) return [status, { message: 'stand-in failure', code: 'STAND_IN' }];
    }
    if (path === '/.well-known/jwks.json') return [200, { keys: [jwk] }];
    const user = path.match(/^\/internal\/users\/([^/]+)$/)?.[1];
    if (user !== undefined) {
      if (!sessionVersions.has(user)) return [404, { message: 'User not found', code: 'NOT_FOUND' }];
      const version = sessionVersions.get(user);
      return [200, { data: { id: user, email: 'u@example.test', name: 'U', isVerified: true, sessionVersion: version } }];
    }
    // billing's entitlements: every user on the plan the gateway falls back to anyway (pro).
    if (path.startsWith('/internal/entitlements/')) return [200, { data: { plan: 'pro' } }];
    if (path === '/internal/api-keys/resolve') {
      const resolved = apiKeys.get((JSON.parse(body) as { key: string }).key);
      return resolved ? [200, { data: resolved }] : [404, { message: 'API key not found', code: 'NOT_FOUND' }];
    }
    return [200, { path }];
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const path = request.url ?? '/';
      seen.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
      const [status, payload] = answer(path.split('?', 1)[0] ?? path, body);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    sessionVersions,
    apiKeys,
    failures,
    signUserToken: (userId, claims = { [SESSION_VERSION_CLAIM]: 0 }) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'stand-in' })
        .setIssuer('mailwright-identity')
        .setAudience('mailwright')
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Resolves once `probe` returns a value, polling every 20 ms; fails after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
