// Each prefix's body limit holds at the edge for chunked bodies too (no content-length to check up front). The
// payment webhook is public and not rate-limited: nothing but the body decides the answer.
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayFor } from './support/gateway-app';
import { type StandInServices, startStandInServices } from './support/stand-in-services';

let services: StandInServices;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  services = await startStandInServices();
  app = await buildGatewayFor(services);
  port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
});

afterAll(async () => {
  await app?.close();
  await services?.close();
});

/** POSTs `chunks` chunks of 64 KB with Transfer-Encoding: chunked, stopping early once the gateway answers. */
function postChunked(path: string, chunks: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    request.on('error', reject);
    let written = 0;
    const writeNext = () => {
      if (written === chunks) return request.end('"x"]');
      written += 1;
      request.write(written === 1 ? `["${'x'.repeat(64 * 1024)}",` : `"${'x'.repeat(64 * 1024)}",`, writeNext);
    };
    writeNext();
  });
}

describe('body limits at the edge', () => {
  it('answers 413 to a chunked body over the prefix limit, and the service never gets all of it', async () => {
    const before = services.seen.length;
    const response = await postChunked('/api/payments/webhook', 6);
    expect(response).toEqual({
      status: 413,
      body: { message: 'Request body is too large: the limit is 256 KB', code: 'PAYLOAD_TOO_LARGE' },
    });
    for (const seen of services.seen.slice(before)) expect(seen.body.length).toBeLessThanOrEqual(256 * 1024);
  });

  it('lets a client that keeps writing past the limit read its 413 (no reset while it sends)', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await postChunked('/api/payments/webhook', 48);
      expect(response.status).toBe(413);
    }
  });

  it('forwards a chunked body under the limit whole', async () => {
    const response = await postChunked('/api/payments/webhook', 2);
    expect(response.status).toBe(200);
    expect(services.seen.at(-1)?.body.length).toBe(`["${'x'.repeat(64 * 1024)}","${'x'.repeat(64 * 1024)}","x"]`.length);
  });
});
