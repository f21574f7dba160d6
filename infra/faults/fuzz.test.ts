// Property-based fuzzing of every JSON route through the gateway, generated from the contracts' schemas:
// wrong types, missing and extra fields, huge strings, deep nesting, CR/LF header injection, NUL and lone
// surrogates, invalid UTF-8 bytes, malformed JSON and 10 MB bodies. Every answer must be 4xx with a message
// (or 2xx for input the server may legitimately clean up), never 5xx, never a stack trace, and a refused
// request must leave every table's row count as it was.
import {
  BatchSendBody,
  ChangePasswordBody,
  ConnectTicketBody,
  CreateApiKeyBody,
  CreateOrderBody,
  CreateSmtpAccountBody,
  CreateWebhookBody,
  DowngradeBody,
  ForgotPasswordBody,
  LoginBody,
  PreviewTemplateBody,
  ProfileBody,
  ResetPasswordBody,
  SendEmailBody,
  SignupBody,
  TemplateBody,
  UpdateSmtpAccountBody,
  UpdateWebhookBody,
  VerifyPaymentBody,
} from '@mailwright/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../launcher/stack';
import {
  INJECTED_HEADER,
  INJECTED_RECIPIENT,
  type JsonSchema,
  type Mutation,
  mustBeRefused,
  mutationArbitrary,
  validArbitrary,
} from './fuzz/schema-arbitrary';
import { type ApiResponse, addSinkAccount, Client, signUpVerified, upgrade } from './support/client';
import { type FaultStack, startFaultStack } from './support/fault-stack';
import { formatTable, writeReport } from './support/report';
import { RowCounter } from './support/row-counts';

const RUNS = Number(process.env.FAULTS_FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FAULTS_FUZZ_SEED ?? 20_261_121);
const STACK_TRACE = /\n\s+at .+:\d+:\d+|node_modules\/|\/src\/.+\.ts|Error: .+\n/;

interface FuzzRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  schema: JsonSchema;
  caller: 'public' | 'user' | 'webhook-user' | 'api-key';
}

let fs: FaultStack;
let client: Client;
let counter: RowCounter;
let routes: FuzzRoute[];
const callers: Record<FuzzRoute['caller'], { token?: string; apiKey?: string }> = {
  public: {},
  user: {},
  'webhook-user': {},
  'api-key': {},
};
const figures = {
  inputsTried: 0,
  fiveXx: 0,
  stackTraces: 0,
  withoutMessage: 0,
  acceptedInvalid: 0,
  halfWritten: 0,
  injectedHeaders: 0,
};
const problems: string[] = [];
const perRoute = new Map<string, { tried: number; refused: number; accepted: number; fiveXx: number }>();

async function attempt(
  route: FuzzRoute,
  label: string,
  payload: { body?: unknown; raw?: string | Uint8Array; contentType?: string },
  mustRefuse: boolean,
) {
  const key = `${route.method} ${route.path.replace(/[0-9a-f-]{36}/, ':id')}`;
  const stats = perRoute.get(key) ?? { tried: 0, refused: 0, accepted: 0, fiveXx: 0 };
  perRoute.set(key, stats);
  const before = await counter.snapshot();
  let response: ApiResponse<{ message?: unknown }>;
  try {
    response = await client.call(route.path, {
      method: route.method,
      ...callers[route.caller],
      body: payload.raw === undefined ? (payload.body ?? null) : undefined,
      rawBody: payload.raw,
      headers: payload.contentType ? { 'content-type': payload.contentType } : undefined,
      timeoutMs: 30_000,
    });
  } catch (error) {
    problems.push(`${key} [${label}]: no answer (${String(error)})`);
    figures.inputsTried += 1;
    return;
  }
  figures.inputsTried += 1;
  stats.tried += 1;
  const where = `${key} [${label}] → ${response.status}`;
  if (response.status >= 500) {
    figures.fiveXx += 1;
    stats.fiveXx += 1;
    problems.push(`${where}: ${response.text.slice(0, 200)}`);
  }
  if (STACK_TRACE.test(response.text)) {
    figures.stackTraces += 1;
    problems.push(`${where}: stack trace in ${response.text.slice(0, 200)}`);
  }
  // The batch route answers 207 with one verdict per email; nothing accepted counts as a refusal.
  const isBatchRefusal = response.status === 207 && (response.body as { accepted?: number }).accepted === 0;
  if (isBatchRefusal) {
    stats.refused += 1;
    const changed = RowCounter.changed(before, await counter.snapshot());
    if (changed.length) {
      figures.halfWritten += 1;
      problems.push(`${where}: every email refused but rows changed: ${changed.join(', ')}`);
    }
  } else if (response.status >= 400) {
    stats.refused += 1;
    if (typeof response.body.message !== 'string' || !response.body.message) {
      figures.withoutMessage += 1;
      problems.push(`${where}: no message (${response.text.slice(0, 100)})`);
    }
    const changed = RowCounter.changed(before, await counter.snapshot());
    if (changed.length) {
      figures.halfWritten += 1;
      problems.push(`${where}: refused but rows changed: ${changed.join(', ')}`);
    }
  } else {
    stats.accepted += 1;
    if (mustRefuse) {
      figures.acceptedInvalid += 1;
      problems.push(`${where}: invalid input accepted`);
    }
  }
}

const encode = (mutation: Mutation): { body?: unknown; raw?: string } =>
  mutation.kind === 'deep-nesting' ? { raw: mutation.raw } : { body: mutation.body };

beforeAll(async () => {
  fs = await startFaultStack({ label: 'fuzz', postgres: 'shared', workers: 1 });
  client = new Client(fs.gatewayUrl);
  const user = await signUpVerified(client, fs.sink, 'fuzz');
  await upgrade(client, fs, user.token, 'enterprise');
  const accountId = await addSinkAccount(client, fs.sink, user.token);
  const template = await client.call<{ data: { _id: string } }>('/api/templates', {
    token: user.token,
    body: { name: 'Fuzz', subject: 'Hi {{name}}', body: 'Hello {{name}}' },
  });
  const key = await client.call<{ data: { key: string } }>('/api/api-keys', { token: user.token, body: { name: 'fuzz' } });
  const hookUser = await signUpVerified(client, fs.sink, 'fuzzhook');
  await upgrade(client, fs, hookUser.token, 'enterprise');
  const hook = await client.call<{ data: { _id: string } }>('/api/webhooks', {
    token: hookUser.token,
    body: { url: `http://127.0.0.1:${await freePort()}/hook`, events: ['email.sent'] },
  });
  expect([template.status, key.status, hook.status]).toEqual([201, 201, 201]);
  callers.user = { token: user.token };
  callers['webhook-user'] = { token: hookUser.token };
  callers['api-key'] = { apiKey: key.body.data.key };
  const templateId = template.body.data._id;
  routes = [
    { method: 'POST', path: '/api/auth/signup', schema: SignupBody, caller: 'public' },
    { method: 'POST', path: '/api/auth/login', schema: LoginBody, caller: 'public' },
    { method: 'POST', path: '/api/auth/forgot-password', schema: ForgotPasswordBody, caller: 'public' },
    { method: 'POST', path: `/api/auth/reset-password/${'f'.repeat(40)}`, schema: ResetPasswordBody, caller: 'public' },
    { method: 'PUT', path: '/api/auth/profile', schema: ProfileBody, caller: 'user' },
    { method: 'PUT', path: '/api/auth/change-password', schema: ChangePasswordBody, caller: 'user' },
    { method: 'POST', path: '/api/api-keys', schema: CreateApiKeyBody, caller: 'user' },
    { method: 'POST', path: '/api/email-accounts/smtp', schema: CreateSmtpAccountBody, caller: 'user' },
    { method: 'PUT', path: `/api/email-accounts/${accountId}`, schema: UpdateSmtpAccountBody, caller: 'user' },
    { method: 'POST', path: '/api/email-accounts/connect-ticket', schema: ConnectTicketBody, caller: 'user' },
    { method: 'POST', path: '/api/templates', schema: TemplateBody, caller: 'user' },
    { method: 'PUT', path: `/api/templates/${templateId}`, schema: TemplateBody, caller: 'user' },
    { method: 'POST', path: `/api/templates/${templateId}/preview`, schema: PreviewTemplateBody, caller: 'user' },
    { method: 'POST', path: '/api/emails/send', schema: SendEmailBody, caller: 'user' },
    { method: 'POST', path: '/api/emails/api/send', schema: SendEmailBody, caller: 'api-key' },
    { method: 'POST', path: '/api/emails/api/batch', schema: BatchSendBody, caller: 'api-key' },
    { method: 'POST', path: '/api/webhooks', schema: CreateWebhookBody, caller: 'webhook-user' },
    { method: 'PATCH', path: `/api/webhooks/${hook.body.data._id}`, schema: UpdateWebhookBody, caller: 'webhook-user' },
    { method: 'POST', path: '/api/payments/create-order', schema: CreateOrderBody, caller: 'user' },
    { method: 'POST', path: '/api/payments/verify', schema: VerifyPaymentBody, caller: 'user' },
    { method: 'POST', path: '/api/payments/downgrade', schema: DowngradeBody, caller: 'user' },
  ];
  counter = new RowCounter(fs.db);
  await counter.load();
}, 180_000);

afterAll(async () => {
  const rows = [...perRoute].map(([route, s]) => ({
    route,
    tried: s.tried,
    refused: s.refused,
    accepted: s.accepted,
    '5xx': s.fiveXx,
  }));
  console.log(`\nFuzzing (${RUNS} generated inputs per route and mutation run, seed ${SEED})\n${formatTable(rows)}`);
  console.log(
    `inputs tried ${figures.inputsTried}, 5xx seen ${figures.fiveXx}, stack traces ${figures.stackTraces}, half-written ${figures.halfWritten}, injected headers delivered ${figures.injectedHeaders}\n`,
  );
  writeReport('fuzz', { runsPerRoute: RUNS, seed: SEED, ...figures, problems: problems.slice(0, 50), routes: rows });
  await fs?.stop();
}, 60_000);

describe('bad input through the gateway', () => {
  it('refuses schema-breaking bodies on every JSON route with a 4xx and a message, writing nothing', async () => {
    const seen = problems.length;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(mutationArbitrary(route.schema), async (mutation) => {
          await attempt(route, mutation.kind, encode(mutation), mustBeRefused.has(mutation.kind));
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect(problems.slice(seen)).toEqual([]);
  }, 600_000);

  it('never answers 5xx to generated valid-shaped bodies', async () => {
    const seen = problems.length;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(validArbitrary(route.schema), async (body) => {
          await attempt(route, 'valid-shape', { body }, false);
        }),
        { numRuns: Math.ceil(RUNS / 4), seed: SEED, endOnFailure: true },
      );
    }
    expect(problems.slice(seen)).toEqual([]);
  }, 600_000);

  it('refuses malformed JSON, invalid UTF-8, wrong content types and 10 MB bodies', async () => {
    const seen = problems.length;
    const tenMegabytes = `{"x":"${'a'.repeat(10 * 1024 * 1024)}"}`;
    for (const route of routes) {
      const sample = fc.sample(validArbitrary(route.schema), { numRuns: 1, seed: SEED })[0] as Record<string, unknown>;
      const stringKey = Object.keys(sample).find((key) => typeof sample[key] === 'string');
      const withBadBytes = (bytes: number[]) => {
        const text = JSON.stringify(stringKey ? { ...sample, [stringKey]: '@@BAD@@' } : { ...sample, zz: '@@BAD@@' });
        const [head, tail] = text.split('@@BAD@@') as [string, string];
        return new Uint8Array(Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]));
      };
      const malformed: Array<[string, { raw: string | Uint8Array; contentType?: string }]> = [
        ['truncated', { raw: JSON.stringify(sample).slice(0, -1) }],
        ['missing value', { raw: '{"a":}' }],
        ['trailing comma', { raw: '{"a":1,}' }],
        ['bare word', { raw: 'nul' }],
        ['empty', { raw: '' }],
        ['bom', { raw: `\ufeff${JSON.stringify(sample)}` }],
        ['duplicate keys', { raw: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}' }],
        ['invalid utf-8 0xff', { raw: withBadBytes([0xff, 0xfe]) }],
        ['invalid utf-8 overlong', { raw: withBadBytes([0xc0, 0xaf, 0xe0, 0x80, 0xaf]) }],
        ['invalid utf-8 truncated sequence', { raw: withBadBytes([0xe2, 0x82]) }],
        ['text/plain', { raw: JSON.stringify(sample), contentType: 'text/plain' }],
        ['form encoded', { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }],
        ['10 MB', { raw: tenMegabytes }],
      ];
      for (const [label, payload] of malformed) {
        const refuse = !label.startsWith('invalid utf-8') && label !== 'bom';
        await attempt(route, label, payload, refuse);
      }
    }
    expect(problems.slice(seen)).toEqual([]);
  }, 600_000);

  it('never lets CR/LF in subject, names or addresses become a header or a recipient', async () => {
    // Deterministic cases beside the generated ones: each is refused, or sent without the injected header.
    const injections = [
      { subject: `Hello\r\nBcc: ${INJECTED_RECIPIENT}\r\n${INJECTED_HEADER}: yes`, body: 'x' },
      { subject: 'Hello', body: 'x', to: [`victim@sink.test\r\nBcc: ${INJECTED_RECIPIENT}`] },
      { subject: `Hello\n${INJECTED_HEADER}: yes`, body: 'x', cc: [`a@sink.test>\r\n${INJECTED_HEADER}: yes`] },
    ];
    const route = routes.find((r) => r.path === '/api/emails/send') as FuzzRoute;
    for (const body of injections)
      await attempt(route, 'header-injection (fixed)', { body: { to: ['victim@sink.test'], ...body } }, false);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const injected = fs.sink.messages.filter(
      (m) =>
        m.envelopeTo.includes(INJECTED_RECIPIENT) ||
        Object.keys(m.headers).some((name) => name.toLowerCase() === INJECTED_HEADER.toLowerCase()),
    );
    figures.injectedHeaders = injected.length;
    expect(injected.map((m) => m.subject)).toEqual([]);
  });
});
