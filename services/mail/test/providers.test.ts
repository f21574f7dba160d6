import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmailLog } from '@mailwright/contracts';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

/** A local server that answers like the Gmail API or Microsoft Graph and keeps what it was sent. */
class ProviderLookalike {
  readonly requests: Array<{ path: string; authorization: string | undefined; contentType: string | undefined; body: string }> =
    [];
  /** Status codes to answer before succeeding (e.g. [429] once), with a Retry-After (seconds) when given. */
  failures: Array<number | { status: number; retryAfter: number }> = [];
  private server!: Server;
  url = '';

  constructor(private readonly success: (req: IncomingMessage) => { status: number; body: string }) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        this.requests.push({
          path: req.url ?? '',
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body,
        });
        const next = this.failures.shift();
        if (next) {
          const failure = typeof next === 'number' ? { status: next, retryAfter: null } : next;
          res.writeHead(failure.status, {
            'content-type': 'application/json',
            ...(failure.retryAfter === null ? {} : { 'retry-after': String(failure.retryAfter) }),
          });
          res.end(JSON.stringify({ error: { code: failure.status, message: `look-alike says ${failure.status}` } }));
          return;
        }
        const answer = this.success(req);
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const h = new Harness('providers');
const gmail = new ProviderLookalike(() => ({ status: 200, body: JSON.stringify({ id: 'gm-1', threadId: 't-1' }) }));
const graph = new ProviderLookalike(() => ({ status: 202, body: '' }));

beforeAll(async () => {
  await Promise.all([h.start(), gmail.start(), graph.start()]);
});
afterAll(async () => {
  await Promise.all([h.stop(), gmail.stop(), graph.stop()]);
});

function addOAuthAccount(provider: 'gmail' | 'outlook'): { userId: string; accountId: string } {
  const userId = randomUUID();
  const accountId = randomUUID();
  const base = {
    accountId,
    userId,
    email: `${provider}-user@example.com`,
    displayName: `${provider} User`,
    accessToken: `token-${provider}`,
  };
  h.services.accounts.set(accountId, {
    userId,
    isDefault: true,
    transport:
      provider === 'gmail'
        ? { provider, ...base, apiUrl: `${gmail.url}/` }
        : { provider, ...base, graphUrl: `${graph.url}/v1.0` },
  });
  return { userId, accountId };
}

async function sendAndSettle(
  userId: string,
  payload: Record<string, unknown>,
  status = 'sent',
  timeoutMs = 10_000,
): Promise<EmailLog> {
  const response = await h.send(userId, payload);
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ data: EmailLog }>().data.id;
  return waitFor(async () => {
    const email = (await h.get(userId, `/emails/${id}`)).json<{ data: EmailLog }>().data;
    return email.status === status ? email : null;
  }, timeoutMs);
}

describe('Gmail API', () => {
  it('sends the raw RFC 5322 message with the bearer token to users.messages.send', async () => {
    const { userId } = addOAuthAccount('gmail');
    const email = await sendAndSettle(userId, {
      to: ['gto@example.net'],
      cc: ['gcc@example.net'],
      bcc: ['gbcc@example.net'],
      subject: 'Via Gmail',
      body: '<p>Hello <a href="https://example.com/x">x</a></p>',
    });
    const request = gmail.requests.at(-1)!;
    expect(request.path).toBe('/gmail/v1/users/me/messages/send');
    expect(request.authorization).toBe('Bearer token-gmail');
    const raw = Buffer.from(JSON.parse(request.body).raw as string, 'base64url');
    const parsed: ParsedMail = await simpleParser(raw);
    expect(parsed.subject).toBe('Via Gmail');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'gmail User', address: 'gmail-user@example.com' });
    expect(parsed.messageId).toBe(`<${email.id}@mailwright>`);
    expect(JSON.stringify(parsed.to)).toContain('gto@example.net');
    expect(JSON.stringify(parsed.cc)).toContain('gcc@example.net');
    expect(raw.toString()).toMatch(/^Bcc: gbcc@example\.net/m);
    expect(parsed.html).toMatch(/\/t\/o\/[A-Za-z0-9_-]{40}\.gif/);
  });

  it('pauses the sender on a 429 until its Retry-After, holds the email, sends it then; fails a 400 at once', async () => {
    const { userId, accountId } = addOAuthAccount('gmail');
    gmail.failures = [{ status: 429, retryAfter: 1 }];
    const before = gmail.requests.length;
    const started = Date.now();
    const email = await sendAndSettle(userId, { to: ['retry@example.net'], subject: 'Retry', body: 'b' });
    expect(gmail.requests.length - before).toBe(2);
    expect(email.error).toBeNull();
    const pause = h.services.healthReports.find((report) => report.accountId === accountId)?.body;
    expect(pause).toMatchObject({ state: 'paused', reason: 'provider_rate_limited' });
    const pausedFor = Date.parse(pause?.resumesAt as string) - started;
    expect(pausedFor).toBeGreaterThanOrEqual(1_000);
    expect(pausedFor).toBeLessThan(5_000);

    gmail.failures = [400];
    const failed = await sendAndSettle(userId, { to: ['bad@example.net'], subject: 'Bad', body: 'b' }, 'failed');
    expect(failed.error).toBe('Gmail 400: look-alike says 400');
  });
});

describe('Microsoft Graph', () => {
  it('posts the MIME message base64-encoded to /me/sendMail with the bearer token', async () => {
    const { userId } = addOAuthAccount('outlook');
    const email = await sendAndSettle(userId, {
      to: ['oto@example.net'],
      bcc: ['obcc@example.net'],
      subject: 'Via Graph',
      body: 'plain body',
    });
    const request = graph.requests.at(-1)!;
    expect(request.path).toBe('/v1.0/me/sendMail');
    expect(request.authorization).toBe('Bearer token-outlook');
    expect(request.contentType).toContain('text/plain');
    const raw = Buffer.from(request.body, 'base64');
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Via Graph');
    expect(parsed.text?.trim()).toBe('plain body');
    expect(parsed.messageId).toBe(`<${email.id}@mailwright>`);
    expect(raw.toString()).toMatch(/^Bcc: obcc@example\.net/m);
  });

  it('pauses the mailbox for the Retry-After of a 429, then sends the held email', async () => {
    const { userId, accountId } = addOAuthAccount('outlook');
    graph.failures = [{ status: 429, retryAfter: 2 }];
    const started = Date.now();
    const email = await sendAndSettle(userId, { to: ['throttled@example.net'], subject: 'Throttled', body: 'b' });
    expect(Date.parse(email.sentAt as string) - started).toBeGreaterThanOrEqual(2_000);
    expect(h.services.healthReports.find((report) => report.accountId === accountId)?.body).toMatchObject({
      state: 'paused',
      reason: 'provider_rate_limited',
      detail: 'Microsoft Graph 429: look-alike says 429',
    });
  });

  it('fetches a fresh transport after a 401', async () => {
    const { userId } = addOAuthAccount('outlook');
    graph.failures = [401];
    const calls = h.services.transportCalls;
    await sendAndSettle(userId, { to: ['o401@example.net'], subject: 'Token', body: 'b' });
    expect(h.services.transportCalls - calls).toBe(2);
  });
});

describe('SMTP failures', () => {
  it('fails at once on 550 with the server text', async () => {
    const { userId } = h.newUser();
    h.smtp.reject('nobody@', 550, 'No such user here');
    const failed = await sendAndSettle(userId, { to: ['nobody@example.net'], subject: 'x', body: 'b' }, 'failed');
    expect(failed.error).toContain('550');
    expect(failed.error).toContain('No such user here');
    const { rows } = await h.pool.query('SELECT attempts FROM mail.emails WHERE id = $1', [failed.id]);
    expect(rows[0].attempts).toBe(1);
  });

  it('retries 451 with backoff and delivers once', async () => {
    const { userId } = h.newUser();
    h.smtp.reject('busy@', 451, 'Try again later', 1);
    const sent = await sendAndSettle(userId, { to: ['busy@example.net'], subject: 'Busy', body: 'b' });
    expect(h.smtp.to('busy@example.net')).toHaveLength(1);
    const { rows } = await h.pool.query('SELECT attempts FROM mail.emails WHERE id = $1', [sent.id]);
    expect(rows[0].attempts).toBe(2);
  });

  it('fails an email whose sender account was deleted', async () => {
    const { userId, accountId } = h.newUser();
    const response = await h.send(userId, {
      to: ['orphan@example.net'],
      subject: 'x',
      body: 'b',
      scheduledAt: new Date(Date.now() + 800).toISOString(),
    });
    h.services.accounts.delete(accountId);
    const id = response.json().data.id as string;
    const failed = await waitFor(async () => {
      const email = (await h.get(userId, `/emails/${id}`)).json<{ data: EmailLog }>().data;
      return email.status === 'failed' ? email : null;
    });
    expect(failed.error).toBe('The sender account no longer exists');
  });
});
