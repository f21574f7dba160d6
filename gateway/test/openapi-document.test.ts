// The published OpenAPI document as integrators get it: the real services' documents merged by the gateway
// (GET /api/openapi.json), linted by Redocly (0 errors, 0 warnings, redocly.yaml), turned into a client by
// openapi-typescript that compiles, with named resources, the send routes' Idempotency-Key, one error catalogue,
// examples true per route, and the non-JSON answers as they really are.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ERROR_CODES, gatewayRoutes, MAIL_MESSAGES, type ServiceName, serviceUrlVar } from '@mailwright/contracts';
import { readConfig } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET, testRedisUrl } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { GatewayConfigSchema } from '../src/config';
import { serviceDocuments } from './support/service-documents';

const run = promisify(execFile);
const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.resolve(gatewayDir, '../node_modules/.bin', name);

// biome-ignore lint/suspicious/noExplicitAny: the document is walked dynamically
type Json = Record<string, any>;

let documents: Server;
let app: FastifyInstance;
let doc: Json;
let scratch: string;

beforeAll(async () => {
  const byService = await serviceDocuments();
  documents = createServer((request, response) => {
    const service = request.url?.match(/^\/([a-z]+)\/openapi\.json$/)?.[1] as ServiceName | undefined;
    const document = service ? byService.get(service) : undefined;
    response.writeHead(document ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(document ?? {}));
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  const urls = Object.fromEntries([...byService.keys()].map((service) => [serviceUrlVar(service), `${base}/${service}`]));
  app = await buildApp(
    readConfig(GatewayConfigSchema, {
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      REDIS_URL: testRedisUrl,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      PUBLIC_URL: 'https://mail.example.test',
      ...urls,
    }),
  );
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
  scratch = await mkdtemp(path.join(tmpdir(), 'mw-openapi-'));
  await writeFile(path.join(scratch, 'openapi.json'), JSON.stringify(doc, null, 2));
}, 60_000);

afterAll(async () => {
  await app?.close();
  documents?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Every operation of the document with its path and method. */
function operations(): Array<{ path: string; method: string; operation: Json }> {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as Json })),
  );
}

const schemaOf = (response: Json | undefined, media = 'application/json') => response?.content?.[media]?.schema;
const refTo = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const upstreamOf = (path: string) => gatewayRoutes.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`));

describe('the published OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const { stdout } = await run(
      bin('redocly'),
      ['lint', path.join(scratch, 'openapi.json'), '--config', path.join(gatewayDir, 'redocly.yaml'), '--format', 'json'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`redocly lint failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`.slice(0, 4000));
    });
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ message: string }> };
    expect(report.problems.map((problem) => problem.message)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('gives openapi-typescript a client that compiles: named send body, email log and error code types', async () => {
    // In-process: the CLI prints its types at once but then waits ~20 s for a network call that cannot succeed here.
    // A .ts file (not .d.ts) so the generated types are type-checked themselves, not only where they are used.
    await writeFile(path.join(scratch, 'api.ts'), astToString(await openapiTS(doc as OpenAPI3)));
    await writeFile(
      path.join(scratch, 'client.ts'),
      `import type { components, paths } from './api';

type Send = paths['/api/emails/api/send']['post'];
type SendBody = Send['requestBody']['content']['application/json'];
type Sent = Send['responses']['201']['content']['application/json'];
type Email = components['schemas']['Email'];
type ErrorBody = components['schemas']['ErrorBody'];
type ErrorCode = components['schemas']['ErrorCode'];

const body: SendBody = { to: ['ada@example.com'], subject: 'Welcome', body: '<p>Hi</p>', tags: [{ name: 'kind', value: 'welcome' }] };
const key: NonNullable<Send['parameters']['header']>['Idempotency-Key'] = 'welcome-ada';
const conflict: Send['responses']['409']['content']['application/json'] = { message: 'reused', code: 'IDEMPOTENCY_KEY_REUSED' };

export function describeSent(sent: Sent): string {
  const email: Email = sent.data;
  const tags: components['schemas']['EmailTag'][] = email.tags;
  return [email.id, email.status, email.subject, tags.map((tag) => tag.name).join(','), email.analytics.opened].join(' ');
}

export function pageOf(list: paths['/api/emails']['get']['responses']['200']['content']['application/json']): Email[] {
  return list.data;
}

const status: Email['status'] = 'bounced';
// @ts-expect-error an email's status is one of the listed ones
const lost: Email['status'] = 'lost';
const code: ErrorCode = 'QUOTA_EXCEEDED';
// @ts-expect-error the catalogue lists every code, nothing else
const unknown: ErrorCode = 'NOT_A_CODE';
const error: ErrorBody = { message: 'Monthly email limit reached', code };
const template: components['schemas']['Template']['name'] = 'Welcome';
const key2: components['schemas']['ApiKey']['name'] = 'ci';

export const used = [body, key, conflict, status, lost, unknown, error, template, key2];
`,
    );
    const compilerOptions = {
      strict: true,
      noEmit: true,
      target: 'es2022',
      lib: ['es2022'],
      module: 'esnext',
      moduleResolution: 'bundler',
      types: [],
      skipLibCheck: true,
    };
    await writeFile(path.join(scratch, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['client.ts', 'api.ts'] }));
    await run(process.execPath, [path.resolve(gatewayDir, '../node_modules/typescript/bin/tsc'), '-p', scratch]).catch(
      (error: { stdout?: string }) => {
        throw new Error(`the generated client does not compile:\n${error.stdout ?? ''}`.slice(0, 4000));
      },
    );
  }, 60_000);

  it('names every resource and refers to it from the operations', () => {
    const schemas = doc.components.schemas as Json;
    for (const name of ['Email', 'Template', 'EmailAccount', 'ApiKey', 'Plan', 'Webhook', 'Suppression', 'SenderPool', 'User']) {
      expect(schemas[name], name).toBeDefined();
    }
    const data = (path: string, method: string, status: string) =>
      schemaOf(doc.paths[path][method].responses[status])?.properties?.data;
    expect(data('/api/emails/{id}', 'get', '200')).toEqual(refTo('Email'));
    expect(data('/api/emails', 'get', '200')).toEqual({ type: 'array', items: refTo('Email') });
    expect(data('/api/emails/api/send', 'post', '201')).toEqual(refTo('Email'));
    expect(data('/api/templates/{id}', 'get', '200')).toEqual(refTo('Template'));
    expect(data('/api/email-accounts', 'get', '200')).toEqual({ type: 'array', items: refTo('EmailAccount') });
    expect(data('/api/sender-pools/{id}', 'get', '200')).toEqual(refTo('SenderPool'));
    expect(data('/api/webhooks/{id}', 'get', '200')).toEqual(refTo('Webhook'));
    expect(schemas.Email.properties.tags).toEqual({ type: 'array', items: refTo('EmailTag') });
    expect(schemas.Email.properties.status).toEqual(refTo('EmailStatus'));
  });

  it('documents the Idempotency-Key on the send routes, its 409 and the replay header', () => {
    for (const path of ['/api/emails/send', '/api/emails/api/send', '/compat/resend/emails']) {
      const send = doc.paths[path].post;
      const header = send.parameters.find((parameter: Json) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
      expect(header, path).toMatchObject({ required: false, schema: { maxLength: 255 } });
      const conflict = send.responses['409'].content['application/json'].example;
      if (path.startsWith('/compat/')) expect(conflict).toMatchObject({ statusCode: 409 });
      else expect(conflict).toEqual({ message: MAIL_MESSAGES.idempotencyConflict, code: 'IDEMPOTENCY_KEY_REUSED' });
      const successes = Object.entries(send.responses as Json).filter(([status]) => status.startsWith('2'));
      expect(successes.length).toBeGreaterThan(0);
      for (const [, response] of successes) expect(response.headers['idempotent-replayed'], path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/templates'].post)).not.toContain('Idempotency-Key');
  });

  it('declares every error code once, with its status, in one catalogue', () => {
    const catalogue = doc.components.schemas.ErrorCode;
    expect(catalogue.enum).toEqual(Object.keys(ERROR_CODES));
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(catalogue.description.match(new RegExp(`\\| \`${code}\` \\|`, 'g')), code).toHaveLength(1);
      expect(catalogue.description).toContain(`| \`${code}\` | ${status} |`);
    }
    expect(doc.components.schemas.ErrorBody.properties.code).toEqual(refTo('ErrorCode'));
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        const example = response.content?.['application/json']?.example;
        if (!/^[45]\d\d$/.test(status) || !example?.code) continue;
        expect(ERROR_CODES[example.code as keyof typeof ERROR_CODES], `${method} ${path} ${status}`).toBe(Number(status));
      }
    }
  });

  it('gives examples true for each route: its body limit and its service', () => {
    for (const { path, method, operation } of operations()) {
      const upstream = upstreamOf(path);
      expect(upstream, path).toBeDefined();
      if (!upstream) continue;
      const tooLarge = operation.responses['413']?.content['application/json'].example;
      if (tooLarge) {
        const limit =
          upstream.bodyLimit >= 1024 * 1024 ? `${upstream.bodyLimit / (1024 * 1024)} MB` : `${upstream.bodyLimit / 1024} KB`;
        expect(JSON.stringify(tooLarge), `${method} ${path}`).toContain(`the limit is ${limit}`);
      }
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        const text = JSON.stringify(response.content?.['application/json']?.example ?? '');
        for (const service of ['identity', 'accounts', 'templates', 'mail', 'billing']) {
          if (service !== upstream.service) expect(text, `${method} ${path} ${status}`).not.toContain(`The ${service} service`);
        }
      }
      // The gateway answers the open pixel itself: mail being down does not change its answer.
      if (path === '/t/o/{token}') expect(operation.responses['503']).toBeUndefined();
      else expect(JSON.stringify(operation.responses['503']), `${method} ${path}`).toContain(`The ${upstream.service} service`);
    }
    expect(doc.paths['/api/auth/login'].post.responses['413'].content['application/json'].example.message).toBe(
      'Request body is too large: the limit is 256 KB',
    );
  });

  it('documents the redirects as 302 with Location, the pixel as a GIF, and a success for every operation', () => {
    for (const path of [
      '/api/auth/google',
      '/api/auth/github/callback',
      '/api/email-accounts/{provider}/connect',
      '/t/c/{token}',
    ]) {
      const answers = doc.paths[path].get.responses;
      expect(answers['302']?.headers?.Location, path).toBeDefined();
      expect(
        Object.keys(answers).filter((status) => status.startsWith('2')),
        path,
      ).toEqual([]);
    }
    expect(doc.paths['/api/auth/google'].get.security).toEqual([]);
    expect(doc.paths['/api/auth/{provider}']).toBeUndefined();
    const pixel = doc.paths['/t/o/{token}'].get.responses['200'].content;
    expect(Object.keys(pixel)).toEqual(['image/gif']);
    const logExport = doc.paths['/api/emails/export.csv'].get;
    expect(Object.keys(logExport.responses['200'].content)).toEqual(['text/csv']);
    expect(logExport.parameters.map((parameter: Json) => parameter.name).sort()).toEqual(['from', 'search', 'status', 'to']);
    expect(schemaOf(doc.paths['/api/emails/{id}/events'].get.responses['200'])).toBeDefined();
    for (const { path, method, operation } of operations()) {
      expect(
        Object.keys(operation.responses).some((status) => /^[23]/.test(status)),
        `${method} ${path}`,
      ).toBe(true);
    }
  });

  it('has no two operations of one method whose paths match the same URL (redocly.yaml: no-ambiguous-paths)', () => {
    const segments = (path: string) => path.split('/').slice(1);
    const isParameter = (segment: string) => segment.startsWith('{');
    const overlap = (a: string, b: string) => {
      const [left, right] = [segments(a), segments(b)];
      return (
        left.length === right.length &&
        left.every((segment, i) => segment === right[i] || isParameter(segment) || isParameter(right[i] as string))
      );
    };
    /** A router prefers a static segment where the other path has a parameter: only paths equal in that respect clash. */
    const sameShape = (a: string, b: string) =>
      segments(a).every((segment, i) => isParameter(segment) === isParameter(segments(b)[i] as string));
    const clashes: string[] = [];
    const all = operations();
    for (const [i, first] of all.entries()) {
      for (const second of all.slice(i + 1)) {
        if (first.method !== second.method || first.path === second.path) continue;
        if (overlap(first.path, second.path) && sameShape(first.path, second.path)) {
          clashes.push(`${first.method} ${first.path} ~ ${second.path}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});
