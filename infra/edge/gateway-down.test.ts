// The edge with its gateway down: every caller still gets the gateway's JSON words, never nginx's HTML error page,
// on the data path (whose authorizer is the gateway: the mail service hands the send back) and off it.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EDGE_TO_GATEWAY } from '@mailwright/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../launcher/free-port';
import { nginxPath } from './nginx-binary';
import { startTestEdge, type TestEdge } from './test-edge';

const binary = nginxPath();
let edge: TestEdge | undefined;
let edgeUrl = '';
// A mail service that cannot ask the gateway about a key hands the send back to nginx, for the gateway.
const mail = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(204, { 'x-accel-redirect': EDGE_TO_GATEWAY }).end());
});

beforeAll(async () => {
  if (!binary) return;
  mail.listen(0, '127.0.0.1');
  await once(mail, 'listening');
  // Nothing listens on this one: the gateway is down.
  const gatewayPort = await freePort();
  edge = await startTestEdge(binary, {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    mailUrl: `http://127.0.0.1:${(mail.address() as AddressInfo).port}`,
  });
  edgeUrl = edge.url;
});

afterAll(async () => {
  mail.close();
  await edge?.stop();
});

const unavailable = {
  message: 'The gateway service is unavailable right now. Please try again shortly.',
  code: 'SERVICE_UNAVAILABLE',
};

describe.runIf(binary)('the edge when the gateway is down', () => {
  it('answers a call to any route with the JSON 503, its security headers and a request id', async () => {
    const response = await fetch(`${edgeUrl}/api/auth/me`, { headers: { 'x-request-id': 'edge-down-1' } });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual(unavailable);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBe('edge-down-1');
  });

  it('answers a send on the data path (its key cannot be asked about) the same way', async () => {
    const response = await fetch(`${edgeUrl}/api/emails/api/send`, {
      method: 'POST',
      headers: { 'x-api-key': 'mw_live_anything', 'content-type': 'application/json' },
      body: JSON.stringify({ to: ['someone@example.com'], subject: 'Hi', body: 'Hello' }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(unavailable);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
