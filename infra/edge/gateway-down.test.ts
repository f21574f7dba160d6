// The edge with its gateway down: every caller still gets the gateway's JSON words, never nginx's HTML error page,
// on the data path (whose authorizer is the gateway) and off it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../launcher/free-port';
import { nginxPath } from './nginx-binary';
import { startTestEdge, type TestEdge } from './test-edge';

const binary = nginxPath();
let edge: TestEdge | undefined;
let edgeUrl = '';

beforeAll(async () => {
  if (!binary) return;
  // Nothing listens on these: the gateway and the mail service are down.
  const [gatewayPort, mailPort] = [await freePort(), await freePort()];
  edge = await startTestEdge(binary, { gatewayUrl: `http://127.0.0.1:${gatewayPort}`, mailUrl: `http://127.0.0.1:${mailPort}` });
  edgeUrl = edge.url;
});

afterAll(async () => {
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

  it('answers a send on the data path (its authorizer unreachable) the same way', async () => {
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
