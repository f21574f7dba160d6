// The developer API through the whole stack: the published OpenAPI document (responses validated against it),
// the reference page, batch send, attachments, signed webhooks, the typed client and per-plan rate limits.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MailwrightClient, MailwrightError } from '@mailwright/contracts/client';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiResponse, api, gatewayUrl, type SignedInUser, signUpVerified, waitForMail } from './support/api';
import { upgrade } from './support/checkout';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document and answers are walked dynamically
type Json = Record<string, any>;

let doc: Json;
let user: SignedInUser;
let apiKey: string;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

function inlineRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inlineRefs);
  if (schema && typeof schema === 'object') {
    const ref = (schema as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
      return inlineRefs(doc.components.schemas[ref.split('/').pop() as string]);
    return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlineRefs(value)]));
  }
  return schema;
}

/** Checks an answer against the published document: the operation exists and the body matches its schema. */
function expectConforms(method: string, template: string, response: ApiResponse<unknown>): void {
  const operation = doc.paths[template]?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is documented`).toBeDefined();
  const code = String(response.status);
  const documented = operation.responses[code] ?? operation.responses[`${code[0]}XX`];
  expect(documented, `${method} ${template} documents ${code}`).toBeDefined();
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return;
  const key = `${method} ${template} ${code}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(inlineRefs(schema) as object);
    compiled.set(key, validate);
  }
  const valid = validate(response.body);
  expect(valid, `${key}: ${JSON.stringify(validate.errors)} for ${response.text.slice(0, 300)}`).toBe(true);
}

async function call(method: string, template: string, path: string, options: Parameters<typeof api>[1] = {}) {
  const response = await api(path, { method, ...options });
  expectConforms(method, template, response);
  return response;
}

/** Receives webhook deliveries; '/flaky' fails twice first. */
const hits: Array<{ path: string; signature: string; body: string }> = [];
let receiver: Server;
let receiverUrl = '';
let flakyLeft = 2;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      hits.push({ path: req.url ?? '', signature: String(req.headers['mailwright-signature']), body });
      if (req.url === '/flaky' && flakyLeft > 0) {
        flakyLeft -= 1;
        res.writeHead(500);
        res.end();
        return;
      }
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const published = await api<Json>('/api/openapi.json');
  expect(published.status).toBe(200);
  doc = published.body;

  user = await signUpVerified('devapi');
  const { verify } = await upgrade(user.token, 'pro');
  expect(verify.status).toBe(200);
  const account = await api('/api/email-accounts/smtp', {
    token: user.token,
    body: {
      email: 'devapi@example.test',
      displayName: 'Dev API',
      host: '127.0.0.1',
      port: inject('sinkSmtpPort'),
      secure: false,
      username: 'devapi',
      password: 'smtp-password',
    },
  });
  expect(account.status).toBe(201);
  const key = await api<{ data: { key: string } }>('/api/api-keys', { token: user.token, body: { name: 'devapi' } });
  apiKey = key.body.data.key;
});

afterAll(() => {
  receiver?.close();
});

function verifySignature(secret: string, body: string, header: string): boolean {
  const [tPart, vPart] = header.split(',');
  const t = tPart?.replace(/^t=/, '') ?? '';
  const v1 = vPart?.replace(/^v1=/, '') ?? '';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

describe('developer API', () => {
  it('publishes one OpenAPI 3.1 document with every public route, security schemes, error shapes and examples', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerAuth', 'apiKey']);
    for (const path of [
      '/api/auth/login',
      '/api/auth/me',
      '/api/api-keys',
      '/api/email-accounts',
      '/api/templates',
      '/api/emails/send',
      '/api/emails/api/send',
      '/api/emails/api/batch',
      '/api/emails/{id}',
      '/api/webhooks',
      '/api/webhooks/{id}/rotate-secret',
      '/api/webhooks/{id}/deliveries',
      '/api/payments/plans',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(Object.keys(doc.paths).some((path) => path.includes('/internal/'))).toBe(false);
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/templates'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/emails/api/batch'].post.security).toEqual([{ apiKey: [] }]);
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const errors = Object.entries(operation.responses as Json).filter(([code]) => /^[45]/.test(code));
        expect(errors.length, `${method} ${path} documents errors`).toBeGreaterThan(0);
        // The Resend-compatible routes answer Resend's error shape (resend-compat.test.ts checks them).
        const resend = path.startsWith('/compat/resend/');
        for (const [, response] of errors) {
          expect(response.content['application/json'].schema).toEqual({
            $ref: `#/components/schemas/${resend ? 'ResendErrorBody' : 'ErrorBody'}`,
          });
          expect(response.content['application/json'].example).toHaveProperty(resend ? 'name' : 'code');
        }
        const body = operation.requestBody?.content?.['application/json'];
        if (body) expect(body.example, `${method} ${path} body example`).toBeDefined();
      }
    }
    expect(doc.paths['/api/emails/api/batch'].post.responses['207']).toBeDefined();
    expect(doc.info.description).toContain('Mailwright-Signature');
  });

  it('serves the interactive reference from our own origin', async () => {
    const page = await fetch(`${gatewayUrl()}/api/reference`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script defer src="/api/reference/app.js"></script>');
    expect(html).not.toMatch(/src="https?:/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await fetch(`${gatewayUrl()}/api/reference/app.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("fetch('/api/openapi.json')");
  });

  it('answers signed-in and public routes as documented, errors included', async () => {
    const token = user.token;
    await call('GET', '/api/auth/me', '/api/auth/me', { token });
    await call('GET', '/api/templates', '/api/templates', { token });
    const template = await call('POST', '/api/templates', '/api/templates', {
      token,
      body: { name: 'Welcome', subject: 'Hi {{name}}', body: '<p>Hello {{name}}</p>' },
    });
    expect(template.status).toBe(201);
    await call('GET', '/api/email-accounts', '/api/email-accounts', { token });
    await call('GET', '/api/api-keys', '/api/api-keys', { token });
    await call('GET', '/api/emails', '/api/emails?limit=5', { token });
    await call('GET', '/api/emails/analytics/stats', '/api/emails/analytics/stats', { token });
    await call('GET', '/api/payments/plans', '/api/payments/plans');
    const missing = await call('GET', '/api/emails/{id}', '/api/emails/00000000-0000-4000-8000-000000000000', { token });
    expect(missing.status).toBe(404);
    const invalid = await call('POST', '/api/emails/send', '/api/emails/send', { token, body: { to: [] } });
    expect(invalid.status).toBe(400);
    const anonymous = await call('GET', '/api/templates', '/api/templates');
    expect(anonymous.status).toBe(401);
    const badLogin = await call('POST', '/api/auth/login', '/api/auth/login', {
      body: { email: user.email, password: 'wrong-password' },
    });
    expect(badLogin.status).toBe(401);
  });

  it('sends through the typed client with attachments that arrive intact, and a batch with per-email results', async () => {
    const client = new MailwrightClient({ baseUrl: gatewayUrl(), apiKey });
    const bytes = randomBytes(50_000);
    const to = `attach-${randomBytes(4).toString('hex')}@example.test`;
    const sent = await client.emails.send({
      to: [to],
      subject: 'With attachment',
      body: 'see attached',
      attachments: [{ filename: 'data.bin', content: bytes.toString('base64'), contentType: 'application/octet-stream' }],
    });
    expect(sent.data.status).toBe('queued');
    expect(client.rateLimit.limit).toBe(600);
    const mail = await waitForMail(to, (m) => m.subject === 'With attachment');
    expect(Buffer.from(mail.attachments[0]?.contentBase64 ?? '', 'base64').equals(bytes)).toBe(true);

    const batchTo = `batch-${randomBytes(4).toString('hex')}@example.test`;
    const batch = await call('POST', '/api/emails/api/batch', '/api/emails/api/batch', {
      apiKey,
      body: {
        emails: [
          { to: [batchTo], subject: 'Batch one', body: 'one' },
          { to: ['broken'], subject: 'x', body: 'y' },
        ],
      },
    });
    expect(batch.status).toBe(207);
    expect(batch.body).toMatchObject({ accepted: 1, rejected: 1 });
    await waitForMail(batchTo, (m) => m.subject === 'Batch one');

    const tooMany = await call('POST', '/api/emails/api/send', '/api/emails/api/send', {
      apiKey,
      body: {
        to: [to],
        subject: 's',
        body: 'b',
        attachments: Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.txt`, content: 'aGk=' })),
      },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: 'At most 10 attachments per email', code: 'ATTACHMENTS_TOO_MANY' });
    await expect(client.emails.send({ to: ['x@example.test'] })).rejects.toBeInstanceOf(MailwrightError);
  });

  it('delivers signed webhooks, retries a failing endpoint, and records the attempts', async () => {
    const token = user.token;
    const created = await call('POST', '/api/webhooks', '/api/webhooks', {
      token,
      body: { url: `${receiverUrl}/hook`, events: ['email.sent'] },
    });
    expect(created.status).toBe(201);
    const { secret, id } = (created.body as Json).data;
    const flaky = await call('POST', '/api/webhooks', '/api/webhooks', {
      token,
      body: { url: `${receiverUrl}/flaky`, events: ['email.sent'] },
    });
    await call('GET', '/api/webhooks', '/api/webhooks', { token });
    const test = await call('POST', '/api/webhooks/{id}/test', `/api/webhooks/${id}/test`, { token });
    expect((test.body as Json).data).toMatchObject({ status: 'succeeded', responseStatus: 204 });

    const to = `hook-${randomBytes(4).toString('hex')}@example.test`;
    const sent = await api<Json>('/api/emails/api/send', { apiKey, body: { to: [to], subject: 'Hooked', body: 'hi' } });
    const deadline = Date.now() + 20_000;
    let hit: (typeof hits)[number] | undefined;
    while (!hit && Date.now() < deadline) {
      hit = hits.find((h) => h.path === '/hook' && JSON.parse(h.body).data?.emailId === sent.body.data.id);
      if (!hit) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(hit, 'email.sent delivered').toBeDefined();
    expect(verifySignature(secret, hit!.body, hit!.signature)).toBe(true);
    expect(verifySignature(secret, `${hit!.body} `, hit!.signature)).toBe(false);

    // The flaky endpoint fails twice; with the default backoff the retries come 30 s and 60 s later, so this
    // test checks the recorded attempt and the scheduled retry (the mail service tests run the whole cycle).
    const flakyId = (flaky.body as Json).data.id;
    let deliveries: ApiResponse<unknown> | undefined;
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      deliveries = await call('GET', '/api/webhooks/{id}/deliveries', `/api/webhooks/${flakyId}/deliveries`, { token });
      if (((deliveries.body as Json).data[0]?.attempts ?? 0) >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [first] = (deliveries!.body as Json).data;
    expect(first).toMatchObject({
      status: 'retrying',
      attempts: 1,
      responseStatus: 500,
      error: 'The endpoint answered HTTP 500',
    });
    expect(first.nextAttemptAt).not.toBeNull();
  });

  it('limits the public API per key by plan with RateLimit-* headers, then 429 with Retry-After', async () => {
    const key = await api<{ data: { key: string } }>('/api/api-keys', { token: user.token, body: { name: 'burst' } });
    const burstKey = key.body.data.key;
    const first = await api('/api/emails/api/nothing-here', { apiKey: burstKey });
    expect(first.headers.get('ratelimit-limit')).toBe('600');
    expect(first.headers.get('ratelimit-remaining')).toBe('599');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    let limited: ApiResponse | undefined;
    for (let round = 0; round < 40 && !limited; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api('/api/emails/api/nothing-here', { apiKey: burstKey })),
      );
      limited = answers.find((answer) => answer.status === 429);
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited!.body).toMatchObject({ code: 'RATE_LIMITED' });
    // Another key of the same user has its own window.
    const other = await api('/api/emails/api/nothing-here', { apiKey });
    expect(other.status).not.toBe(429);
  });
});
