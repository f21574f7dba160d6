// The edge with its gateway down: every caller still gets the gateway's JSON words, never nginx's HTML error page,
// on the data path (whose authorizer is the gateway) and off it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../launcher/free-port';
import { nginxPath } from './nginx-binary';
import { type EdgeNginx, startEdgeNginx } from './start-edge';

const binary = nginxPath();
let edge: EdgeNginx | undefined;
let edgeUrl = '';

beforeAll(async () => {
  if (!binary) return;
  // Nothing listens on these: the gateway and the mail service are down.
  const [port, gatewayPort, mailPort] = [await freePort(), await freePort(), await freePort()];
  edge = await startEdgeNginx(
    binary,
    {
      host: '127.0.0.1',
      port,
      gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
      serviceUrls: { mail: `http://127.0.0.1:${mailPort}` },
      internalSecret: 'an installation secret that is long enough to sign',
      checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      accessLog: false,
      forwardedFor: 'replace',
      workers: 1,
    },
    'inherit',
  );
  edgeUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  if (!edge) return;
  const exited = new Promise((resolve) => edge?.child.once('exit', resolve));
  edge.child.kill('SIGTERM');
  await exited;
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
