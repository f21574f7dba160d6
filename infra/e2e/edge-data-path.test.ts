// The edge's data path (infra/edge), when the shared stack runs behind nginx (where nginx is installed): a send with
// an X-API-Key goes from nginx straight to the mail service (which asks the gateway about the key), and still gets
// everything the gateway would give it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiResponse, api, type SignedInUser, signUpVerified, uniqueEmail, waitForMail } from './support/api';
import { upgrade } from './support/checkout';
import { waitFor } from './support/wait-for';

const logDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-artifacts/logs');

async function newKey(user: SignedInUser, name: string, scopes?: ('send' | 'read')[]) {
  const created = await api<{ data: { id: string; key: string } }>('/api/api-keys', {
    token: user.token,
    body: scopes ? { name, scopes } : { name },
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

const send = (apiKey: string, body: unknown, headers: Record<string, string> = {}) =>
  api<{ data: { id: string } }>('/api/emails/api/send', { apiKey, body, headers });

/** A body the mail service refuses at once (no recipient): counted by the limits, sends nothing. */
const refusedBody = { subject: 'nothing', body: 'nothing' };

describe.runIf(inject('edge'))('the edge data path', () => {
  let user: SignedInUser;

  beforeAll(async () => {
    user = await signUpVerified('edge-path');
    // API keys come with a paid plan.
    expect((await upgrade(user.token, 'pro')).verify.status).toBe(200);
    const account = await api('/api/email-accounts/smtp', {
      token: user.token,
      body: {
        email: 'edge-path@example.test',
        displayName: 'Edge Path',
        host: '127.0.0.1',
        port: inject('sinkSmtpPort'),
        secure: false,
        username: 'edge',
        password: 'smtp-password',
      },
    });
    expect(account.status).toBe(201);
  });

  it("accepts and delivers a send, with the gateway's security headers and the caller's request id", async () => {
    const { key } = await newKey(user, 'edge send');
    const to = uniqueEmail('edge-path');
    const accepted = await send(key, { to: [to], subject: 'Through the edge', body: 'Hello' }, { 'x-request-id': 'edge-e2e-1' });
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get('x-request-id')).toBe('edge-e2e-1');
    expect(accepted.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(accepted.headers.get('x-content-type-options')).toBe('nosniff');
    expect(accepted.headers.get('ratelimit-limit')).toBe('600');
    expect((await waitForMail(to)).subject).toBe('Through the edge');
    // nginx served it itself: its access line (written within a second) names the key, never the key's secret.
    const edgeLog = () => readFileSync(path.join(logDir, 'edge.log'), 'utf8');
    const line = await waitFor('the edge access line', () =>
      edgeLog()
        .split('\n')
        .find((entry) => entry.includes('"reqId":"edge-e2e-1"')),
    );
    expect(line).toContain('"status":201');
    expect(line).toContain('"apiKeyId":"');
    expect(edgeLog()).not.toContain(key);
  });

  it('hands every refusal to the gateway, which answers it in its own words', async () => {
    const { key: readOnly } = await newKey(user, 'edge read only', ['read']);
    const unknown = await send('mw_not-a-key', refusedBody, { 'x-mailwright-internal': 'forged' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid API key', code: 'UNAUTHORIZED' });
    const outOfScope = await send(readOnly, refusedBody);
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body).toEqual({ message: 'This API key cannot send emails (scope: send)', code: 'FORBIDDEN' });
    const missing = await api('/api/emails/api/send', { body: refusedBody });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Missing API key: send it in the X-API-Key header', code: 'UNAUTHORIZED' });
  });

  it("refuses a body over the prefix's limit in the gateway's words", async () => {
    const { key } = await newKey(user, 'edge big body');
    const tooLarge = await api('/api/emails/api/send', { apiKey: key, rawBody: 'x'.repeat(16 * 1024 * 1024 + 1) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: 'Request body is too large: the limit is 16 MB', code: 'PAYLOAD_TOO_LARGE' });
    expect(tooLarge.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("counts one key's calls on both paths against one limit per minute", async () => {
    const { key } = await newKey(user, 'edge limit');
    // Pro: 600 a minute. Half on the data path, then through the gateway (a GET is not on the data path) until
    // refused. Each side takes its counts in leases of a few units (kit's leased-rate-limit-store.ts), so a few of
    // the 600 may go unused; never more than 600 pass.
    const batch = (call: () => Promise<{ status: number }>) =>
      Promise.all(Array.from({ length: 20 }, call)).then((answers) => answers.map((answer) => answer.status));
    let accepted = 0;
    for (let round = 0; round < 15; round++) {
      const statuses = await batch(() => send(key, refusedBody));
      expect(statuses.every((status) => status === 400)).toBe(true);
      accepted += statuses.length;
    }
    let limited: ApiResponse | undefined;
    for (let round = 0; round < 20 && !limited; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => api('/api/emails/api/nothing-here', { apiKey: key })));
      accepted += answers.filter((answer) => answer.status !== 429).length;
      limited = answers.find((answer) => answer.status === 429);
    }
    // The mail service may still hold a few units of its last lease; once they are used, it refuses too.
    let refusedOnDataPath: ApiResponse | undefined;
    for (let i = 0; i < 20 && !refusedOnDataPath; i++) {
      const answer = await send(key, refusedBody);
      if (answer.status === 429) refusedOnDataPath = answer;
      else accepted += 1;
    }
    expect(accepted).toBeLessThanOrEqual(600);
    expect(accepted).toBeGreaterThan(580);
    for (const refused of [limited, refusedOnDataPath]) {
      expect(refused?.status).toBe(429);
      expect(refused?.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. /) });
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused?.headers.get('ratelimit-remaining')).toBe('0');
    }
  });

  it('stops taking a deleted key within two seconds', async () => {
    const { id, key } = await newKey(user, 'edge deleted');
    expect((await send(key, refusedBody)).status).toBe(400);
    expect((await api(`/api/api-keys/${id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
    // The mail service keeps the authorizer's yes for a second.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const refused = await send(key, refusedBody);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'Invalid API key', code: 'UNAUTHORIZED' });
  });
});
