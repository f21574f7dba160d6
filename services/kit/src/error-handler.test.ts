import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeValidation, installValidationMessages } from './error-handler';
import { AppError } from './errors';
import { requireUserId } from './internal-auth';
import { InternalClient } from './internal-client';
import { createServiceApp } from './service';
import { TEST_INTERNAL_SECRET, userHeaders } from './testing';

const app = createServiceApp({ name: 'kit-test', internalSecret: TEST_INTERNAL_SECRET, logLevel: 'silent' });
app.post(
  '/things',
  {
    schema: {
      body: Type.Object(
        { name: Type.String({ minLength: 1 }), to: Type.Array(Type.String({ format: 'email' })) },
        { additionalProperties: false },
      ),
    },
  },
  async (request) => ({ userId: requireUserId(request) }),
);
const Named = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 5 }), tags: Type.Optional(Type.Array(Type.String())) },
  { additionalProperties: false },
);
// A plugin with its own field messages; the formatter stays inside the plugin's scope.
const namedRoutes: FastifyPluginAsync = async (scoped) => {
  installValidationMessages(scoped, { name: 'Name must be 1 to 5 characters' });
  scoped.post('/named', { schema: { body: Named } }, async () => ({ ok: true }));
};
app.post('/plain', { schema: { body: Named } }, async () => ({ ok: true }));
app.get('/missing', async () => {
  throw new AppError('VALIDATION_ERROR', 'Missing template variables: a, b', { details: { missing: ['a', 'b'] } });
});
app.get('/crash', async () => {
  throw new Error('secret internals at /srv/app.ts:12');
});
let baseUrl = '';

beforeAll(async () => {
  await app.register(namedRoutes);
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

describe('service error handling', () => {
  const post = async (payload: unknown) =>
    app.inject({ method: 'POST', url: '/things', payload: payload as object, headers: await userHeaders('u1') });

  it('names a missing field, an extra field and a bad format in one sentence', async () => {
    expect((await post({ to: [] })).json()).toEqual({ message: 'name is required', code: 'VALIDATION_ERROR' });
    expect((await post({ name: 'x', to: [], admin: true })).json().message).toBe('admin is not an allowed field');
    const badFormat = await post({ name: 'x', to: ['nope'] });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toMatch(/^to\.0 /);
  });

  it("answers a plugin's own field message for any failure on that field, the shared sentence otherwise", async () => {
    const send = async (url: string, payload: unknown) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: await userHeaders('u1') });
    const rule = { message: 'Name must be 1 to 5 characters', code: 'VALIDATION_ERROR' };
    for (const payload of [{}, { name: '' }, { name: 'too long' }, { name: 42 }]) {
      const response = await send('/named', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(rule);
    }
    expect((await send('/named', { name: 'a', admin: true })).json()).toEqual({
      message: 'admin is not an allowed field',
      code: 'VALIDATION_ERROR',
    });
    expect((await send('/named', { name: 'a', tags: [1] })).json().message).toBe('tags.0 must be string');
    expect((await send('/plain', {})).json()).toEqual({ message: 'name is required', code: 'VALIDATION_ERROR' });
  });

  it('uses field messages for the body only', () => {
    const issue = { keyword: 'required', instancePath: '', params: { missingProperty: 'name' }, message: 'x' };
    expect(describeValidation([issue], 'body', { name: 'Name!' })).toBe('Name!');
    expect(describeValidation([issue], 'querystring', { name: 'Name!' })).toBe('name is required');
    expect(describeValidation([{ instancePath: '/constructor', message: 'must be string' }], 'body', {})).toBe(
      'constructor must be string',
    );
  });

  it('answers malformed JSON with 400 and hides 5xx detail', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/things',
      payload: '{"name":',
      headers: { ...(await userHeaders('u1')), 'content-type': 'application/json' },
    });
    expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON', code: 'INVALID_JSON' });
    const crash = await app.inject({ method: 'GET', url: '/crash', headers: await userHeaders('u1') });
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('secret internals');
  });

  it('refuses requests without a valid internal token', async () => {
    const response = await app.inject({ method: 'POST', url: '/things', payload: { name: 'x', to: [] } });
    expect(response.statusCode).toBe(401);
  });

  it('relays a callee 4xx with its code and extra fields to the caller', async () => {
    const client = new InternalClient(TEST_INTERNAL_SECRET, 'caller');
    const error = await client.call(baseUrl, '/missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', details: { missing: ['a', 'b'] } });
  });

  it('turns an unreachable service into 503', async () => {
    const client = new InternalClient(TEST_INTERNAL_SECRET, 'caller');
    const error = await client.call('http://127.0.0.1:1', '/internal/anything').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});
