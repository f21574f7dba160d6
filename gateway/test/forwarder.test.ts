// The gateway's forwarder against a service that misbehaves on purpose: hop-by-hop headers are dropped both ways,
// the query string, a small and a large body arrive whole, a large answer streams through whole, a Location inside
// the service's prefix comes back under the public one, and a service that resets the connection or is not there,
// never answers, or answers something other than HTTP gets 503, 504 or 502 with the gateway's message.
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_TOKEN_HEADER } from '@mailwright/kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices } from './support/stand-in-services';

const BIG_ANSWER_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 300;

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyLength: number;
}

let services: StandInServices;
let mail: Server;
let app: FastifyInstance;
let gatewayUrl: string;
let token: string;
const seen: Seen[] = [];

beforeAll(async () => {
  services = await startStandInServices();
  // The mail service, played by a server whose paths say how to misbehave.
  mail = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/emails/reset')) {
      request.socket.destroy();
      return;
    }
    if (path.startsWith('/emails/garbage')) {
      request.socket.end('this is not HTTP\r\n\r\n');
      return;
    }
    if (path.startsWith('/emails/silent')) return;
    let bodyLength = 0;
    request.on('data', (chunk: Buffer) => {
      bodyLength += chunk.length;
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: path, headers: request.headers, bodyLength });
      if (path.startsWith('/emails/big')) {
        // Chunked (no length), written in 64 KB pieces as a large export would be.
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'x-hop': 'dropped', connection: 'x-hop' });
        const piece = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const writeMore = () => {
          while (sent < BIG_ANSWER_BYTES) {
            sent += piece.length;
            if (!response.write(piece)) return void response.once('drain', writeMore);
          }
          response.end();
        };
        writeMore();
        return;
      }
      if (path.startsWith('/emails/moved')) {
        response.writeHead(302, [
          ['location', '/emails/elsewhere?page=2'],
          ['set-cookie', 'a=1; Path=/'],
          ['set-cookie', 'b=2; Path=/'],
          ['keep-alive', 'timeout=5'],
        ]);
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ url: path, bodyLength }));
    });
  });
  await new Promise<void>((resolve) => mail.listen(0, '127.0.0.1', resolve));
  app = await buildGatewayFor(
    services,
    { MAIL_URL: `http://127.0.0.1:${(mail.address() as AddressInfo).port}`, BILLING_URL: 'http://127.0.0.1:1' },
    { upstreamTimeoutMs: TIMEOUT_MS },
  );
  gatewayUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const userId = randomUUID();
  services.sessionVersions.set(userId, 0);
  token = await services.signUserToken(userId);
});

afterAll(async () => {
  await app?.close();
  mail?.closeAllConnections();
  mail?.close();
  await services?.close();
});

/** A request with exactly these headers (fetch would refuse the hop-by-hop ones). */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${gatewayUrl}${path}`,
      { method: options.method ?? 'GET', headers: { authorization: `Bearer ${token}`, ...options.headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('the forwarder', () => {
  it('drops hop-by-hop request headers, keeps the query and end-to-end headers, adds the request id', async () => {
    const response = await send('/api/emails/echo?page=2&q=a%20b', {
      headers: { connection: 'keep-alive, x-private-hop', 'x-private-hop': 'no', te: 'trailers', 'x-kept': 'yes' },
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.toString())).toEqual({ url: '/emails/echo?page=2&q=a%20b', bodyLength: 0 });
    const headers = seen.at(-1)?.headers ?? {};
    expect(headers['x-private-hop']).toBeUndefined();
    expect(headers.te).toBeUndefined();
    expect(headers['x-kept']).toBe('yes');
    expect(headers.authorization).toBe(`Bearer ${token}`);
    expect(headers[INTERNAL_TOKEN_HEADER]).toBeTruthy();
    expect(headers['x-request-id']).toBe(response.headers['x-request-id']);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends a small body and a large one whole, also after an Expect: 100-continue (as curl sends)', async () => {
    for (const [size, expectContinue] of [
      [2 * 1024, false],
      [300 * 1024, false],
      [2 * 1024, true],
    ] as const) {
      const body = JSON.stringify({ text: 'x'.repeat(size) });
      const response = await send('/api/emails/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(expectContinue ? { expect: '100-continue' } : {}) },
        body,
      });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body.toString())).toEqual({ url: '/emails/echo', bodyLength: body.length });
      expect(seen.at(-1)?.headers.expect).toBeUndefined();
    }
  });

  it('streams a large answer through whole and drops its hop-by-hop headers', async () => {
    const response = await send('/api/emails/big');
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(BIG_ANSWER_BYTES);
    expect(response.headers['x-hop']).toBeUndefined();
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('gives a Location under the public prefix and keeps every Set-Cookie', async () => {
    const response = await send('/api/emails/moved');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/api/emails/elsewhere?page=2');
    expect(response.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(response.headers['keep-alive']).not.toBe('timeout=5');
  });

  it('answers 503 when the service drops the connection (a killed process), 502 when its answer is not HTTP', async () => {
    const reset = await send('/api/emails/reset', { method: 'POST', body: '{}' });
    expect(reset.status).toBe(503);
    expect(JSON.parse(reset.body.toString())).toEqual({
      message: 'The mail service is unavailable right now. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const garbage = await send('/api/emails/garbage');
    expect(garbage.status).toBe(502);
    expect(JSON.parse(garbage.body.toString())).toEqual({
      message: 'The mail service gave an answer that is not HTTP. Please try again.',
      code: 'BAD_GATEWAY',
    });
  });

  it('answers 504 when the service does not answer in time', async () => {
    const started = Date.now();
    const response = await send('/api/emails/silent');
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(JSON.parse(response.body.toString())).toEqual({
      message: 'The mail service did not answer in time. Please try again.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('answers 503 when the service is not there', async () => {
    const response = await send('/api/payments/subscription');
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body.toString())).toEqual({
      message: 'The billing service is unavailable right now. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
