import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
app.get('/missing', async () => {
  throw new AppError('VALIDATION_ERROR', 'Missing template variables: a, b', { details: { missing: ['a', 'b'] } });
});
app.get('/crash', async () => {
  throw new Error('secret internals at /srv/app.ts:12');
});
let baseUrl = '';

beforeAll(async () => {
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
