import { afterEach, describe, expect, it } from 'vitest';
import { Mailwright, MailwrightError } from '../src';
import { fakeServer, json } from './fake-server';

let server: Awaited<ReturnType<typeof fakeServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const noRetry = { maxAttempts: 1 };

describe('MailwrightError', () => {
  it("carries the platform's code, status, message and field", async () => {
    server = await fakeServer([json(400, { message: 'subject is required', code: 'VALIDATION_ERROR', field: 'subject' })]);
    const failure = await new Mailwright({ baseUrl: server.url, apiKey: 'k', retry: noRetry }).emails
      .send({ to: ['a@example.com'] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailwrightError);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({
      name: 'MailwrightError',
      code: 'VALIDATION_ERROR',
      status: 400,
      message: 'subject is required',
      field: 'subject',
    });
  });

  it('maps a 409 on a reused Idempotency-Key and a 403 for a free plan by code', async () => {
    server = await fakeServer([
      json(409, {
        message: 'This Idempotency-Key was already used with a different request body',
        code: 'IDEMPOTENCY_KEY_REUSED',
      }),
      json(403, { message: 'API access is available on the Pro and Enterprise plans.', code: 'API_ACCESS_REQUIRED' }),
    ]);
    const mw = new Mailwright({ baseUrl: server.url, apiKey: 'k', retry: noRetry });
    await expect(
      mw.emails.send({ to: ['a@example.com'], subject: 's', body: 'b' }, { idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 409,
    });
    const failure = (await mw.emails.get('e1').catch((error: unknown) => error)) as MailwrightError;
    expect([failure.code, failure.status, failure.field]).toEqual(['API_ACCESS_REQUIRED', 403, undefined]);
  });

  it('answers HTTP_ERROR with the status for an answer that is not JSON', async () => {
    server = await fakeServer([
      (_request, response) => {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html>Bad Gateway</html>');
      },
    ]);
    await expect(new Mailwright({ baseUrl: server.url, apiKey: 'k', retry: noRetry }).emails.get('e1')).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      status: 502,
      message: '<html>Bad Gateway</html>',
    });
  });

  it('refuses a call without the credential its route needs, before any request', async () => {
    server = await fakeServer([json(200, { data: [] })]);
    const mw = new Mailwright({ baseUrl: server.url, apiKey: 'k' });
    await expect(mw.templates.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await expect(new Mailwright({ baseUrl: server.url }).emails.get('e1')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(server.requests).toHaveLength(0);
  });

  it('reports an unreachable server as NETWORK_ERROR with status 0', async () => {
    server = await fakeServer([json(200, {})]);
    const url = server.url;
    await server.close();
    server = undefined;
    await expect(
      new Mailwright({ baseUrl: url, apiKey: 'k', retry: { maxAttempts: 2, baseDelayMs: 1 } }).emails.get('e1'),
    ).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});
