import { afterEach, describe, expect, it } from 'vitest';
import { Mailwright, MailwrightError, type RetryOptions } from '../src';
import { fakeServer, hangUp, json } from './fake-server';

const email = { id: 'e1', status: 'queued' };
const fast = { baseDelayMs: 5, maxDelayMs: 5_000 };
let server: Awaited<ReturnType<typeof fakeServer>> | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const client = (retry: RetryOptions = fast) => new Mailwright({ baseUrl: server?.url ?? '', apiKey: 'mw_test', retry });

describe('retries', () => {
  it('tries a send again after a 503 and a dropped connection with the same generated Idempotency-Key', async () => {
    server = await fakeServer([json(503, { message: 'down', code: 'SERVICE_UNAVAILABLE' }), hangUp, json(201, { data: email })]);
    await expect(client().emails.send({ to: ['ada@example.com'], subject: 'Hi', body: 'Hello' })).resolves.toEqual(email);
    expect(server.requests).toHaveLength(3);
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(server.requests.every((request) => request.headers['x-api-key'] === 'mw_test')).toBe(true);
  });

  it("sends the caller's own Idempotency-Key, and a new one per call when none is given", async () => {
    server = await fakeServer([json(201, { data: email })]);
    await client().emails.send({ to: ['ada@example.com'], subject: 'Hi', body: 'x' }, { idempotencyKey: 'order-42' });
    await client().emails.send({ to: ['ada@example.com'], subject: 'Hi', body: 'x' });
    await client().emails.send({ to: ['ada@example.com'], subject: 'Hi', body: 'x' });
    const [given, first, second] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(given).toBe('order-42');
    expect(first).not.toBe(second);
  });

  it('waits as long as Retry-After says', async () => {
    server = await fakeServer([
      json(429, { message: 'slow down', code: 'RATE_LIMITED' }, { 'retry-after': '1' }),
      json(201, { data: email }),
    ]);
    await client().emails.send({ to: ['ada@example.com'], subject: 'Hi', body: 'x' });
    const [first, second] = server.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('gives up after maxAttempts tries and throws the last error', async () => {
    server = await fakeServer([json(502, { message: 'bad gateway', code: 'BAD_GATEWAY' })]);
    const failure = await client({ ...fast, maxAttempts: 2 })
      .emails.send({ to: ['ada@example.com'], subject: 'Hi', body: 'x' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailwrightError);
    expect(failure).toMatchObject({ code: 'BAD_GATEWAY', status: 502 });
    expect(server.requests).toHaveLength(2);
  });

  it('tries three times by default', async () => {
    server = await fakeServer([hangUp]);
    const failure = await client()
      .emails.get('e1')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a used-up monthly quota, a 4xx, or a Retry-After beyond maxDelayMs', async () => {
    server = await fakeServer([json(429, { message: 'Monthly email limit reached', code: 'QUOTA_EXCEEDED' })]);
    await expect(client().emails.send({ to: ['a@example.com'], subject: 'x', body: 'x' })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      status: 429,
    });
    expect(server.requests).toHaveLength(1);
    await server.close();

    server = await fakeServer([json(400, { message: 'subject is required', code: 'VALIDATION_ERROR' })]);
    await expect(client().emails.send({ to: ['a@example.com'] })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(server.requests).toHaveLength(1);
    await server.close();

    server = await fakeServer([json(429, { message: 'later', code: 'RATE_LIMITED' }, { 'retry-after': '3600' })]);
    await expect(client().emails.send({ to: ['a@example.com'], subject: 'x', body: 'x' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 3600,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a batch after a 5xx with the same Idempotency-Key, so it is never accepted twice', async () => {
    const accepted = { data: [], accepted: 0, rejected: 0 };
    server = await fakeServer([json(500, { message: 'Internal server error', code: 'INTERNAL_ERROR' }), json(207, accepted)]);
    await expect(client().emails.batch([{ to: ['a@example.com'], subject: 'x', body: 'x' }])).resolves.toEqual(accepted);
    expect(server.requests).toHaveLength(2);
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
  });
});
