import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalClient } from './internal-client';
import { currentRequestId, withRequestId } from './request-context';
import { createServiceApp } from './service';

const config = { INTERNAL_SECRET: 'request-context-secret-0123456789-abcdef', METRICS_TOKEN: '', LOG_LEVEL: 'silent' };
const client = new InternalClient(config.INTERNAL_SECRET, 'caller');

// A caller service whose handler parses a body, awaits, then calls the callee; the callee echoes the id it was given.
let caller: FastifyInstance;
let callee: FastifyInstance;
let calleeUrl = '';
let callerUrl = '';

beforeAll(async () => {
  callee = createServiceApp('callee', config);
  callee.get('/echo', async (request) => ({ requestId: request.id, header: request.headers['x-request-id'] ?? null }));
  calleeUrl = await callee.listen({ port: 0, host: '127.0.0.1' });

  caller = createServiceApp('caller', config);
  caller.post('/relay', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, Number((request.body as { waitMs: number }).waitMs)));
    const seen = await client.call<{ requestId: string; header: string | null }>(calleeUrl, '/echo');
    return { own: request.id, seen };
  });
  callerUrl = await caller.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await caller.close();
  await callee.close();
});

async function relay(waitMs: number, requestId?: string) {
  const response = await client.call<{ own: string; seen: { requestId: string; header: string | null } }>(callerUrl, '/relay', {
    body: { waitMs },
    requestId,
  });
  return response;
}

describe('request ids on service-to-service calls', () => {
  it("forwards the served request's id to the callee, across a parsed body and awaits", async () => {
    const answer = await relay(5, 'req-from-gateway-1');
    expect(answer.own).toBe('req-from-gateway-1');
    expect(answer.seen).toEqual({ requestId: 'req-from-gateway-1', header: 'req-from-gateway-1' });
  });

  it('keeps concurrent requests apart', async () => {
    const ids = Array.from({ length: 20 }, (_, index) => `concurrent-${index}`);
    const answers = await Promise.all(ids.map((id, index) => relay(20 - index, id)));
    expect(answers.map((answer) => answer.seen.header)).toEqual(ids);
  });

  it('forwards the id a request was given when the client sent none', async () => {
    const answer = await relay(0);
    expect(answer.own).toBeTruthy();
    expect(answer.seen.header).toBe(answer.own);
  });

  it('carries an id given outside a request (a queued email) and nothing where there is none', async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestId('email-request-7', () => client.call<{ header: string | null }>(calleeUrl, '/echo'));
    expect(seen.header).toBe('email-request-7');
    const none = await client.call<{ header: string | null; requestId: string }>(calleeUrl, '/echo');
    expect(none.header).toBeNull();
  });
});
