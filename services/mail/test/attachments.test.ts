// Attachments: bytes stored with the email arrive byte for byte over SMTP (real peer + mailparser), Gmail
// (raw MIME) and Graph (MIME); limits and URL rules answer clear 4xx.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, waitFor } from './support/harness';

const h = new Harness('attachments');
const binary = randomBytes(300_000); // every byte value, not valid UTF-8
const pdfish = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5_000)]);

/** Answers like Gmail (JSON { raw }) or Graph (base64 MIME text) and keeps the parsed messages. */
class Lookalike {
  readonly messages: ParsedMail[] = [];
  private server!: Server;
  url = '';
  constructor(private readonly kind: 'gmail' | 'graph') {}
  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const text = Buffer.concat(chunks).toString();
        const raw =
          this.kind === 'gmail'
            ? Buffer.from((JSON.parse(text) as { raw: string }).raw, 'base64url')
            : Buffer.from(text, 'base64');
        this.messages.push(await simpleParser(raw));
        res.writeHead(this.kind === 'gmail' ? 200 : 202, { 'content-type': 'application/json' });
        res.end(this.kind === 'gmail' ? '{"id":"m1"}' : '');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

const gmail = new Lookalike('gmail');
const graph = new Lookalike('graph');
let files: Server;
let filesUrl = '';
/** Requests to /counted/<bytes>: how many started, how many at once. */
const downloads = { started: 0, open: 0, peak: 0 };
const declaredHugeResponses: Array<import('node:http').ServerResponse> = [];

beforeAll(async () => {
  await h.start({ env: { ALLOW_PRIVATE_TARGETS: 'true' } });
  await Promise.all([gmail.start(), graph.start()]);
  files = createServer((req, res) => {
    if (req.url === '/report.bin') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(binary);
    } else if (req.url === '/big.bin') {
      res.writeHead(200);
      res.end(Buffer.alloc(11 * 1024 * 1024));
    } else if (req.url?.startsWith('/counted/')) {
      downloads.started += 1;
      downloads.open += 1;
      downloads.peak = Math.max(downloads.peak, downloads.open);
      res.on('close', () => {
        downloads.open -= 1;
      });
      // Slow enough that downloads overlap unless they are bounded.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(Number(req.url?.split('/')[2] ?? 1_000)));
      }, 40);
    } else if (req.url === '/declares-huge.bin') {
      // Declares 50 MB, then sends slowly: a client that trusts only the bytes it read would wait for them.
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
      declaredHugeResponses.push(res);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of declaredHugeResponses) res.destroy();
  files.close();
  await Promise.all([h.stop(), gmail.stop(), graph.stop()]);
});

const attachments = () => [
  { filename: 'random.bin', content: binary.toString('base64'), contentType: 'application/octet-stream' },
  { filename: 'doc.pdf', content: pdfish.toString('base64') },
];

function expectAttachments(parsed: ParsedMail) {
  expect(parsed.attachments.map((a) => a.filename)).toEqual(['random.bin', 'doc.pdf']);
  expect(parsed.attachments[0]?.content.equals(binary)).toBe(true);
  expect(parsed.attachments[1]?.content.equals(pdfish)).toBe(true);
  expect(parsed.attachments[1]?.contentType).toBe('application/pdf');
}

describe('attachments', () => {
  it('arrive byte for byte through a real SMTP peer', async () => {
    const { userId } = h.newUser();
    const to = `smtp-${randomUUID().slice(0, 8)}@example.com`;
    const response = await h.send(userId, {
      to: [to],
      subject: 'Files',
      body: '<p>see attached</p>',
      attachments: attachments(),
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await waitFor(() => (h.smtp.to(to).length > 0 ? h.smtp.to(to) : null));
    expectAttachments(mail!.parsed);
    expect(mail!.parsed.html).toContain('see attached');
  });

  it('arrive byte for byte through the Gmail and Graph look-alikes', async () => {
    for (const [provider, lookalike] of [
      ['gmail', gmail],
      ['outlook', graph],
    ] as const) {
      const userId = randomUUID();
      const accountId = randomUUID();
      const base = { accountId, userId, email: `${provider}@example.com`, displayName: 'OAuth User', accessToken: 'tok' };
      h.services.accounts.set(accountId, {
        userId,
        isDefault: true,
        transport:
          provider === 'gmail'
            ? { provider, ...base, apiUrl: `${gmail.url}/` }
            : { provider, ...base, graphUrl: `${graph.url}/v1.0` },
      });
      const response = await h.send(userId, {
        to: ['x@example.com'],
        subject: `Files ${provider}`,
        body: 'hi',
        attachments: attachments(),
      });
      expect(response.statusCode).toBe(201);
      const parsed = await waitFor(() => lookalike.messages.find((m) => m.subject === `Files ${provider}`));
      expectAttachments(parsed);
    }
  });

  it('downloads a URL attachment when the email is accepted', async () => {
    const { userId } = h.newUser();
    const to = `url-${randomUUID().slice(0, 8)}@example.com`;
    const response = await h.send(userId, {
      to: [to],
      subject: 'From URL',
      body: 'hi',
      attachments: [{ filename: 'report.bin', url: `${filesUrl}/report.bin` }],
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await waitFor(() => (h.smtp.to(to).length > 0 ? h.smtp.to(to) : null));
    expect(mail!.parsed.attachments[0]?.content.equals(binary)).toBe(true);
    const { rows } = await h.pool.query('SELECT size FROM mail.email_attachments WHERE email_id = $1', [response.json().data.id]);
    expect(rows).toEqual([{ size: binary.length }]);
  });

  it('refuses violations with clear 4xx and stores nothing', async () => {
    const { userId } = h.newUser();
    const send = (list: unknown[]) => h.send(userId, { to: ['x@example.com'], subject: 's', body: 'b', attachments: list });
    const tooMany = await send(Array.from({ length: 11 }, (_, i) => ({ filename: `f${i}.txt`, content: 'aGk=' })));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'At most 10 attachments per email', code: 'ATTACHMENTS_TOO_MANY' });
    const tooLarge = await send([{ filename: 'big.bin', content: Buffer.alloc(10 * 1024 * 1024 + 1).toString('base64') }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'Attachments may total at most 10 MB (decoded)', code: 'ATTACHMENTS_TOO_LARGE' });
    const badBase64 = await send([{ filename: 'a.txt', content: 'not base64!' }]);
    expect(badBase64.statusCode).toBe(400);
    expect(badBase64.json().message).toBe('Attachment a.txt: content is not valid base64');
    const both = await send([{ filename: 'a.txt', content: 'aGk=', url: 'https://example.com/a' }]);
    expect(both.json().message).toBe('Each attachment needs exactly one of content (base64) or url');
    const notUrl = await send([{ filename: 'a.txt', url: 'ftp://example.com/a.txt' }]);
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().message).toBe('Attachment a.txt: url must be an absolute https URL');
    const missing = await send([{ filename: 'gone.bin', url: `${filesUrl}/gone.bin` }]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'Attachment gone.bin: could not download url (HTTP 404)',
      code: 'ATTACHMENT_FETCH_FAILED',
    });
    const bigUrl = await send([{ filename: 'big.bin', url: `${filesUrl}/big.bin` }]);
    expect(bigUrl.statusCode).toBe(413);
    const { rows } = await h.pool.query('SELECT count(*)::int AS n FROM mail.emails WHERE user_id = $1', [userId]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses plain http and private-address URLs unless ALLOW_PRIVATE_TARGETS is set', async () => {
    const strict = new Harness('attachments-strict');
    await strict.start({ worker: false, env: { ALLOW_PRIVATE_TARGETS: 'false' } });
    try {
      const { userId } = strict.newUser();
      const plainHttp = await strict.app.inject({
        method: 'POST',
        url: '/emails/send',
        headers: await userHeaders(userId),
        payload: {
          to: ['x@example.com'],
          subject: 's',
          body: 'b',
          attachments: [{ filename: 'a.txt', url: 'http://example.com/a.txt' }],
        },
      });
      expect(plainHttp.statusCode).toBe(400);
      expect(plainHttp.json().message).toBe('Attachment a.txt: url must be an absolute https URL');
      for (const url of [
        'https://127.0.0.1/x',
        'https://localhost/x',
        'https://10.1.2.3/x',
        'https://[::1]/x',
        'https://169.254.169.254/latest',
      ]) {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/emails/send',
          headers: await userHeaders(userId),
          payload: { to: ['x@example.com'], subject: 's', body: 'b', attachments: [{ filename: 'x', url }] },
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({
          message:
            'Attachment x: url must point to a public address (loopback, private and link-local addresses are not allowed)',
          code: 'ATTACHMENT_URL_FORBIDDEN',
        });
      }
    } finally {
      await strict.stop();
    }
  });

  it('checks the quota before downloading anything: a batch that cannot fit fetches no URL', async () => {
    const { userId } = h.newUser();
    h.services.setPlan(userId, 'pro');
    await h.pool.query(
      "INSERT INTO mail.quota_usage (user_id, month, used, email_limit) VALUES ($1, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), 9990, 10000)",
      [userId],
    );
    const before = downloads.started;
    const batch = await h.app.inject({
      method: 'POST',
      url: '/emails/api/batch',
      headers: await internalHeaders({ kind: 'api_key', userId, apiKeyId: 'key-1' }),
      payload: {
        emails: Array.from({ length: 20 }, (_, i) => ({
          to: [`q${i}@example.com`],
          subject: 's',
          body: 'b',
          attachments: [{ filename: 'a.bin', url: `${filesUrl}/counted/1000` }],
        })),
      },
    });
    expect(batch.statusCode).toBe(429);
    expect(batch.json().message).toContain('10 remain, but this batch has 20');
    await h.pool.query('UPDATE mail.quota_usage SET used = 10000 WHERE user_id = $1', [userId]);
    const single = await h.send(userId, {
      to: ['x@example.com'],
      subject: 's',
      body: 'b',
      attachments: [{ filename: 'a.bin', url: `${filesUrl}/counted/1000` }],
    });
    expect(single.statusCode).toBe(429);
    expect(downloads.started).toBe(before);
  });

  it('bounds the downloads of one batch running at once and what it may fetch in all', async () => {
    const { userId } = h.newUser();
    h.services.setPlan(userId, 'pro');
    const headers = await internalHeaders({ kind: 'api_key', userId, apiKeyId: 'key-1' });
    const emails = (count: number, bytes: number) =>
      Array.from({ length: count }, (_, i) => ({
        to: [`d${i}@example.com`],
        subject: 's',
        body: 'b',
        attachments: [{ filename: 'a.bin', url: `${filesUrl}/counted/${bytes}` }],
      }));
    downloads.peak = 0;
    const bounded = await h.app.inject({
      method: 'POST',
      url: '/emails/api/batch',
      headers,
      payload: { emails: emails(12, 1_000) },
    });
    expect(bounded.json().accepted, bounded.body).toBe(12);
    expect(downloads.peak).toBeLessThanOrEqual(2);
    // 8 × 8 MB is more than one request may download (50 MB): the emails past it are refused with a 413 reason.
    const heavy = await h.app.inject({
      method: 'POST',
      url: '/emails/api/batch',
      headers,
      payload: { emails: emails(8, 8 * 1024 * 1024) },
    });
    const refused = heavy.json().data.filter((item: { status: string }) => item.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused[0].error).toEqual({
      message: 'The URL attachments of one request may total at most 50 MB; send them in several requests',
      code: 'ATTACHMENTS_TOO_LARGE',
    });
  });

  it('refuses a download whose declared length is past the limit without waiting for its body', async () => {
    const { userId } = h.newUser();
    const started = Date.now();
    const response = await h.send(userId, {
      to: ['x@example.com'],
      subject: 's',
      body: 'b',
      attachments: [{ filename: 'huge.bin', url: `${filesUrl}/declares-huge.bin` }],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('ATTACHMENTS_TOO_LARGE');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
