// Property-based fuzzing of every JSON route through the gateway. The routes come from the gateway's merged
// OpenAPI document (fuzz/route-catalog.ts: every route a service registers, with its body, path and query
// schemas), so none can be missed: wrong types, missing and extra fields, huge strings, deep nesting, CR/LF
// header injection, invalid UTF-8 bytes, malformed JSON and 10 MB bodies on every body; lone surrogates, NUL
// and unreal or out-of-range dates in every string field, path and query parameter; percent-encoded spellings
// of every path. Every answer must be 4xx with a message (or 2xx for input the server may legitimately clean
// up), never 5xx, never a stack trace, and a refused request must leave every table's row count as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../launcher/free-port';
import { encodedPaths } from './fuzz/encoded-paths';
import { checkAnswer, countsFor, figures, noAnswer, perRoute, problems, refusalSamples } from './fuzz/findings';
import { encodeRaw, HOSTILE_VALUES } from './fuzz/hostile-values';
import { type CatalogRoute, loadCatalog, prefixesWithoutRoutes, routeName } from './fuzz/route-catalog';
import { type Caller, isDisruptive, RouteTargets } from './fuzz/route-targets';
import {
  INJECTED_HEADER,
  INJECTED_RECIPIENT,
  type JsonSchema,
  type Mutation,
  mustBeRefused,
  mutationArbitrary,
  validArbitrary,
} from './fuzz/schema-arbitrary';
import { allStringSlots, baseBody } from './fuzz/string-slots';
import { type ApiResponse, addSinkAccount, Client, signUpVerified, type User, upgrade } from './support/client';
import { type FaultStack, startFaultStack } from './support/fault-stack';
import { rawCall } from './support/raw-request';
import { formatTable, writeReport } from './support/report';
import { RowCounter } from './support/row-counts';

const RUNS = Number(process.env.FAULTS_FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FAULTS_FUZZ_SEED ?? 20_261_121);

interface FuzzRoute {
  /** The catalog's name of the route (method and template), for the table. */
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  schema: JsonSchema;
  caller: Caller;
}

let fs: FaultStack;
let client: Client;
let counter: RowCounter;
let catalog: CatalogRoute[];
let routes: FuzzRoute[];
let scratch: User;
const targets = new RouteTargets();

/** Sends one request byte for byte and records the answer (5xx and stack traces are problems). */
async function probe(route: CatalogRoute, label: string, path: string, body?: unknown): Promise<void> {
  const name = routeName(route);
  try {
    const answer = await rawCall(fs.gatewayUrl, {
      method: route.method,
      path,
      headers: targets.headersFor(route),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    checkAnswer(name, label, answer);
  } catch (error) {
    noAnswer(name, label, error);
  }
}

async function signInScratchAgain(): Promise<void> {
  const login = await client.call<{ token: string }>('/api/auth/login', {
    body: { email: scratch.email, password: scratch.password },
  });
  if (login.status !== 200) throw new Error(`scratch user login: ${login.status} ${login.text}`);
  targets.credentials['scratch-user'] = { token: login.body.token };
}

type Payload = { body?: unknown; raw?: string | Uint8Array; contentType?: string };

function send(route: FuzzRoute, payload: Payload): Promise<ApiResponse<{ message?: unknown }>> {
  return client.call(route.path, {
    method: route.method,
    ...targets.credentials[route.caller],
    body: payload.raw === undefined ? (payload.body ?? null) : undefined,
    rawBody: payload.raw,
    headers: payload.contentType ? { 'content-type': payload.contentType } : undefined,
    timeoutMs: 30_000,
  });
}

/**
 * The rows a refused request changed. An earlier accepted request's background work (a sign-up's verification
 * token, a reset mail's token) can land between two snapshots on a busy machine, so a refusal that seems to
 * have written is sent once more after a pause and counts only if it writes again.
 */
async function refusedButWritten(route: FuzzRoute, payload: Payload, before: Map<string, number>): Promise<string[]> {
  if (RowCounter.changed(before, await counter.snapshot()).length === 0) return [];
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const settled = await counter.snapshot();
  await send(route, payload).catch(() => null);
  return RowCounter.changed(settled, await counter.snapshot());
}

async function attempt(route: FuzzRoute, label: string, payload: Payload, mustRefuse: boolean) {
  const key = route.name;
  const before = await counter.snapshot();
  let response: ApiResponse<{ message?: unknown }>;
  try {
    response = await send(route, payload);
  } catch (error) {
    noAnswer(key, label, error);
    return;
  }
  const where = checkAnswer(key, label, response);
  // The batch route answers 207 with one verdict per email; nothing accepted counts as a refusal.
  const isBatchRefusal = response.status === 207 && (response.body as { accepted?: number }).accepted === 0;
  if (isBatchRefusal) {
    const counts = countsFor(key);
    counts.accepted -= 1;
    counts.refused += 1;
    const changed = await refusedButWritten(route, payload, before);
    if (changed.length) {
      figures.halfWritten += 1;
      problems.push(`${where}: every email refused but rows changed: ${changed.join(', ')}`);
    }
  } else if (response.status >= 400) {
    if (typeof response.body.message !== 'string' || !response.body.message) {
      figures.withoutMessage += 1;
      problems.push(`${where}: no message (${response.text.slice(0, 100)})`);
    }
    const changed = await refusedButWritten(route, payload, before);
    if (changed.length) {
      figures.halfWritten += 1;
      problems.push(`${where}: refused but rows changed: ${changed.join(', ')}`);
    }
  } else if (mustRefuse) {
    figures.acceptedInvalid += 1;
    problems.push(`${where}: invalid input accepted`);
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
  targets.credentials.user = { token: user.token };
  targets.credentials['webhook-user'] = { token: hookUser.token };
  targets.credentials['api-key'] = { apiKey: key.body.data.key };
  scratch = await signUpVerified(client, fs.sink, 'fuzzscratch');
  await upgrade(client, fs, scratch.token, 'enterprise');
  targets.realIds.push(
    ['/api/templates/{id}', template.body.data._id],
    ['/api/email-accounts/{id}', accountId],
    ['/api/webhooks/{id}', hook.body.data._id],
  );
  catalog = await loadCatalog(fs.gatewayUrl);
  // Disruptive routes last, so a plan change or ended session cannot hide what follows.
  catalog.sort((a, b) => Number(isDisruptive(a.template)) - Number(isDisruptive(b.template)));
  routes = catalog.flatMap((route) =>
    route.body && (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH')
      ? [
          {
            name: routeName(route),
            method: route.method,
            path: targets.concretePath(route),
            schema: route.body,
            caller: targets.callerOf(route),
          },
        ]
      : [],
  );
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
  const refusals = Object.fromEntries([...refusalSamples].map(([route, samples]) => [route, [...samples]]));
  writeReport('fuzz', { runsPerRoute: RUNS, seed: SEED, ...figures, problems: problems.slice(0, 50), routes: rows, refusals });
  await fs?.stop();
}, 60_000);

describe('bad input through the gateway', () => {
  it('refuses schema-breaking bodies on every JSON route with a 4xx and a message, writing nothing', async () => {
    const seen = problems.length;
    await signInScratchAgain();
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
    await signInScratchAgain();
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
    await signInScratchAgain();
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

  it('fuzzes every route the gateway publishes: each upstream prefix has routes, and each JSON body route is in the runs', () => {
    expect(prefixesWithoutRoutes(catalog)).toEqual([]);
    const bodyRoutes = catalog.filter((route) => route.body).map(routeName);
    expect(routes.map((route) => route.name).sort()).toEqual(bodyRoutes.sort());
    // The document is generated from the services' own route tables: a floor guards against a service missing from it.
    expect(catalog.length).toBeGreaterThanOrEqual(45);
  });

  it('answers 4xx or accepts, never 5xx, for lone surrogates, NUL and unreal dates in every string field of every body', async () => {
    const seen = problems.length;
    await signInScratchAgain();
    for (const route of catalog) {
      if (!route.body) continue;
      const base = baseBody(route.body);
      const path = targets.concretePath(route);
      for (const slot of allStringSlots(route.body, base)) {
        for (const [label, value] of HOSTILE_VALUES) await probe(route, `${slot.field}: ${label}`, path, slot.put(base, value));
      }
    }
    expect(problems.slice(seen)).toEqual([]);
  }, 600_000);

  it('answers 4xx or accepts, never 5xx, for lone surrogates, NUL and unreal dates in every path and query parameter', async () => {
    const seen = problems.length;
    await signInScratchAgain();
    for (const route of catalog) {
      const body = route.body ? baseBody(route.body) : undefined;
      for (const [label, value] of HOSTILE_VALUES) {
        for (const parameter of route.pathParams) {
          const path = targets.concretePath(route, (name) => (name === parameter.name ? encodeRaw(value) : undefined));
          await probe(route, `path ${parameter.name}: ${label}`, path, body);
        }
        for (const parameter of route.queryParams) {
          const path = `${targets.concretePath(route)}?${parameter.name}=${encodeRaw(value)}`;
          await probe(route, `query ${parameter.name}: ${label}`, path, body);
        }
      }
    }
    expect(problems.slice(seen)).toEqual([]);
  }, 600_000);

  it('answers 4xx or the route itself, never 5xx, to percent-encoded spellings of every path', async () => {
    const seen = problems.length;
    await signInScratchAgain();
    for (const route of catalog) {
      const body = route.body ? baseBody(route.body) : undefined;
      for (const variant of encodedPaths(targets.concretePath(route))) await probe(route, variant.label, variant.path, body);
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
