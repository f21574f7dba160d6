import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { InternalClient } from './internal-client';
import { INTERNAL_TOKEN_HEADER, verifyInternalToken } from './internal-token';

const SECRET = 'internal-client-test-secret-of-enough-length';
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
const handlers = new Map<string, Handler>();
let server: Server;
let baseUrl: string;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => handlers.get(request.url ?? '')?.(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = new InternalClient(SECRET, 'caller');

async function failure(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('InternalClient', () => {
  it('posts JSON with a service token and the request id, and answers the parsed body', async () => {
    handlers.set('/internal/echo', (request, body, response) => {
      void verifyInternalToken(SECRET, String(request.headers[INTERNAL_TOKEN_HEADER])).then((claims) =>
        json(response, 200, {
          data: {
            method: request.method,
            type: request.headers['content-type'],
            requestId: request.headers['x-request-id'],
            body: JSON.parse(body),
            claims,
          },
        }),
      );
    });
    const answer = await client.call<{ data: Record<string, unknown> }>(baseUrl, '/internal/echo', {
      body: { n: 1 },
      requestId: 'req-7',
    });
    expect(answer.data).toMatchObject({
      method: 'POST',
      type: 'application/json',
      requestId: 'req-7',
      body: { n: 1 },
      claims: { kind: 'service', service: 'caller' },
    });
  });

  it('makes a GET without a body and reuses the connection', async () => {
    const sockets = new Set<number | undefined>();
    handlers.set('/internal/ping', (request, _body, response) => {
      sockets.add(request.socket.remotePort);
      json(response, 200, { method: request.method });
    });
    for (let i = 0; i < 5; i++) expect(await client.call(baseUrl, '/internal/ping')).toEqual({ method: 'GET' });
    // Kept alive: five calls one after another come over one or two connections (not five).
    expect(sockets.size).toBeLessThanOrEqual(2);
  });

  it("relays a callee's 4xx with its code, message and fields", async () => {
    handlers.set('/internal/refuse', (_request, _body, response) =>
      json(response, 409, { code: 'CONFLICT', message: 'Already there', field: 'name' }),
    );
    const error = await failure(client.call(baseUrl, '/internal/refuse', { body: {} }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'Already there' });
    expect(error.details).toEqual({ field: 'name' });
  });

  it("turns a callee's 5xx into a bad gateway, and its 503 into unavailable", async () => {
    handlers.set('/internal/broken', (_request, _body, response) => json(response, 500, { message: 'boom' }));
    handlers.set('/internal/busy', (_request, _body, response) => json(response, 503, { message: 'later' }));
    expect(await failure(client.call(baseUrl, '/internal/broken'))).toMatchObject({ code: 'BAD_GATEWAY', message: 'boom' });
    expect(await failure(client.call(baseUrl, '/internal/busy'))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('answers unavailable for a service that does not answer in time or at all', async () => {
    handlers.set('/internal/slow', () => {});
    const slow = await failure(client.call(baseUrl, '/internal/slow', { timeoutMs: 200 }));
    expect(slow.code).toBe('SERVICE_UNAVAILABLE');
    expect(slow.message).toContain('(slow)');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await failure(client.call(`http://127.0.0.1:${port}`, '/internal/anything'));
    expect(down.code).toBe('SERVICE_UNAVAILABLE');
  });
});
