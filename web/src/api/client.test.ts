import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../test/fake-api';
import { ApiError, errorMessage, filenameOf, request, requestFile } from './client';
import { emailAccountsApi, emailsApi, senderPoolsApi, templatesApi, webhooksApi } from './endpoints';

describe('API client', () => {
  it('sends JSON to /api with the stored bearer token', async () => {
    localStorage.setItem('token', 't-123');
    const { calls } = installFakeApi({ 'POST /api/templates': { status: 201, body: { data: { _id: 'tp1' } } } });
    const created = await templatesApi.create({ name: 'Welcome', subject: 'Hi {{name}}', body: 'Hello' });
    expect(created).toEqual({ _id: 'tp1' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/templates',
      headers: { Authorization: 'Bearer t-123', 'Content-Type': 'application/json' },
      body: { category: 'general', name: 'Welcome', subject: 'Hi {{name}}', body: 'Hello' },
    });
  });

  it('sends no Authorization header without a token and drops empty query values', async () => {
    const { calls } = installFakeApi({ 'GET /api/emails': { body: { data: [] } } });
    await emailsApi.list({ page: 2, status: '' });
    expect(calls[0]?.path).toBe('/api/emails?page=2');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('throws ApiError with the server message and requiresVerification outside 200-299', async () => {
    installFakeApi({
      'POST /api/auth/login': {
        status: 403,
        body: { message: 'Please verify your email', code: 'FORBIDDEN', requiresVerification: true },
      },
    });
    const error = await request('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Please verify your email', requiresVerification: true });
    expect(errorMessage(error, 'Login failed')).toBe('Please verify your email');
  });

  it('falls back to the caller text when the server sent no message', async () => {
    installFakeApi({ 'GET /api/templates': { status: 502 } });
    const error = await templatesApi.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, 'Failed to fetch templates')).toBe('Failed to fetch templates');
  });

  it('reports a body that never arrived as no answer (status 0), not as a refusal', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = async () =>
      ({
        status: 200,
        text: () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
      }) as unknown as Response;
    try {
      const error = await request('/auth/me').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 0 });
    } finally {
      globalThis.fetch = original;
    }
  });
  it('carries the error code the contracts declare, and none for a code they do not', async () => {
    installFakeApi({
      'GET /api/templates': { status: 403, body: { message: 'Upgrade your plan', code: 'PLAN_LIMIT' } },
      'GET /api/api-keys': { status: 418, body: { message: 'Teapot', code: 'TEAPOT' } },
    });
    const known = await templatesApi.list().catch((e: unknown) => e);
    expect(known).toMatchObject({ status: 403, code: 'PLAN_LIMIT', message: 'Upgrade your plan' });
    const unknown = await request('/api-keys').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ApiError);
    expect((unknown as ApiError).code).toBeUndefined();
  });

  it('sends webhook edits as PATCH without the id in the body', async () => {
    const { calls } = installFakeApi({ 'PATCH /api/webhooks/w1': { body: { data: { id: 'w1', enabled: false } } } });
    await expect(webhooksApi.update({ id: 'w1', enabled: false })).resolves.toEqual({ id: 'w1', enabled: false });
    expect(calls[0]).toMatchObject({ method: 'PATCH', path: '/api/webhooks/w1', body: { enabled: false } });
  });

  it('calls the sender limits, usage, resume and sender pool routes', async () => {
    const usage = {
      minute: { used: 1, limit: 60 },
      day: { used: 2, limit: 500, resetsAt: null },
      recipientsToday: 2,
      recipientsPerDay: null,
      held: 0,
    };
    const { calls } = installFakeApi({
      'PUT /api/email-accounts/a%201/limits': { body: { data: {} } },
      'GET /api/email-accounts/a1/usage': { body: { data: usage } },
      'POST /api/email-accounts/a1/resume': { body: { data: {} } },
      'GET /api/sender-pools': { body: { data: [] } },
      'POST /api/sender-pools': { status: 201, body: { data: { _id: 'p1' } } },
      'PUT /api/sender-pools/p1': { body: { data: { _id: 'p1' } } },
      'DELETE /api/sender-pools/p1': { status: 204 },
    });
    await emailAccountsApi.updateLimits('a 1', { perMinute: 10, perDay: null, recipientsPerDay: null });
    await expect(emailAccountsApi.usage('a1')).resolves.toEqual(usage);
    await emailAccountsApi.resume('a1');
    await senderPoolsApi.list();
    await senderPoolsApi.create({ name: 'P', accountIds: ['a1'], strategy: 'spread' });
    await senderPoolsApi.update('p1', { accountIds: ['a2', 'a1'] });
    await senderPoolsApi.remove('p1');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/email-accounts/a%201/limits',
      'GET /api/email-accounts/a1/usage',
      'POST /api/email-accounts/a1/resume',
      'GET /api/sender-pools',
      'POST /api/sender-pools',
      'PUT /api/sender-pools/p1',
      'DELETE /api/sender-pools/p1',
    ]);
    expect(calls[0]?.body).toEqual({ perMinute: 10, perDay: null, recipientsPerDay: null });
    expect(calls[4]?.body).toEqual({ name: 'P', accountIds: ['a1'], strategy: 'spread' });
  });

  it('reads the download name from Content-Disposition, or none', () => {
    expect(filenameOf('attachment; filename="suppressions.csv"')).toBe('suppressions.csv');
    expect(filenameOf('attachment; filename=list.csv')).toBe('list.csv');
    expect(filenameOf('attachment')).toBeNull();
    expect(filenameOf(null)).toBeNull();
  });

  it('downloads a file with the bearer token and throws the server error of a refused one', async () => {
    localStorage.setItem('token', 't-9');
    installFakeApi({
      'GET /api/suppressions/export': { raw: { text: 'email\n', contentType: 'text/csv' } },
      'GET /api/nope': { status: 403, body: { message: 'No access', code: 'FORBIDDEN' } },
    });
    const file = await requestFile('/suppressions/export');
    expect(await file.blob.text()).toBe('email\n');
    expect(file.filename).toBeNull();
    await expect(requestFile('/nope')).rejects.toMatchObject({ status: 403, message: 'No access', code: 'FORBIDDEN' });
  });
});
