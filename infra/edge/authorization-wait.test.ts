// Sends that arrive while nginx is asking the authorizer about their key (the first use of a key, or its cached
// yes just expired, which happens every AUTHORIZATION_CACHE_SECONDS on a busy key) ask the authorizer themselves.
// With nginx's cache lock they waited for the one question in flight instead, and nginx's lock waiters look again
// only every 500 ms: those sends took half a second more (the first second of every run of the bench, and one or two
// sends a second on a busy key). Counted, not timed: with the lock six sends at once make one question, without it
// more than one. A stand-in gateway answers the authorizer's questions slowly; a stand-in service takes the sends.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_API_KEY_ID_HEADER, EDGE_AUTHORIZE_PATH } from '../../gateway/src/routes/edge-authorize';
import { INTERNAL_TOKEN_HEADER } from '../../services/kit/src/internal-token';
import { nginxPath } from './nginx-binary';
import { startTestEdge, type TestEdge } from './test-edge';

/** Long enough that six sends fired at once all arrive while the first question is in flight, even on a busy host. */
const AUTHORIZER_MS = 400;
const binary = nginxPath();
let edge: TestEdge | undefined;
let edgeUrl = '';
const servers: Server[] = [];
const questions: string[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  if (!binary) return;
  const gatewayUrl = await listen(
    createServer((request, response) => {
      if (!request.url?.startsWith(EDGE_AUTHORIZE_PATH)) return response.writeHead(404).end();
      questions.push(String(request.headers['x-api-key']));
      setTimeout(() => {
        response.writeHead(204, { [INTERNAL_TOKEN_HEADER]: 'signed-elsewhere', [EDGE_API_KEY_ID_HEADER]: 'key-1' }).end();
      }, AUTHORIZER_MS);
    }),
  );
  const mailUrl = await listen(
    createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"stand-in"}'));
    }),
  );
  edge = await startTestEdge(binary, { gatewayUrl, mailUrl });
  edgeUrl = edge.url;
});

afterAll(async () => {
  for (const server of servers) server.close();
  await edge?.stop();
});

/** Six sends with one key at once; the time each took, in ms. */
async function sixSendsAtOnce(key: string): Promise<number[]> {
  return Promise.all(
    Array.from({ length: 6 }, async () => {
      const started = performance.now();
      const response = await fetch(`${edgeUrl}/api/emails/api/send`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(201);
      await response.arrayBuffer();
      return performance.now() - started;
    }),
  );
}

describe.runIf(binary)('sends arriving while their key is being authorized', () => {
  const asked = (key: string) => questions.filter((question) => question === key).length;

  it("ask the authorizer themselves rather than wait on nginx's cache lock (its 500 ms poll)", async () => {
    // A key nginx has not seen: the sends arrive while its first question is in flight.
    const firstUse = await sixSendsAtOnce('mw_live_first_use');
    expect(asked('mw_live_first_use')).toBeGreaterThan(1);
    expect(Math.min(...firstUse)).toBeGreaterThanOrEqual(AUTHORIZER_MS - 5);

    // The cached yes expired (after a second): the sends arrive while it is being asked again.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const before = asked('mw_live_first_use');
    await sixSendsAtOnce('mw_live_first_use');
    expect(asked('mw_live_first_use') - before).toBeGreaterThan(1);
  });
});
