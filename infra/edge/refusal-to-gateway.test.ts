// What the edge's nginx does on the data path with stand-ins for the gateway and the mail service: the service gets
// the caller's key with the edge's secret and the request as nginx received it, never a caller's identity headers;
// when the service hands a request back (a key the authorizer refused: an X-Accel-Redirect to @gateway), the
// gateway gets it whole, method and body, even past the size nginx keeps in memory, and its answer is the caller's.
// The gateway itself cannot send a request anywhere by that header.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EDGE_SECRET_HEADER, EDGE_TO_GATEWAY, EDGE_URI_HEADER, edgeSecret } from '@mailwright/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxPath } from './nginx-binary';
import { startTestEdge, TEST_EDGE_SECRET, type TestEdge } from './test-edge';

const binary = nginxPath();
let edge: TestEdge | undefined;
const servers: Server[] = [];

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const atGateway: Seen[] = [];
const atMail: Seen[] = [];

async function listen(seen: Seen[], answer: (request: Seen) => [number, Record<string, string>, string]): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(entry);
      const [status, headers, body] = answer(entry);
      response.writeHead(status, headers).end(body);
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  if (!binary) return;
  const gatewayUrl = await listen(atGateway, (request) =>
    request.url === '/try-to-redirect'
      ? [200, { 'x-accel-redirect': '/api/emails/api/send' }, 'the gateway answered']
      : [401, { 'content-type': 'application/json' }, `{"message":"Invalid API key","length":${request.body.length}}`],
  );
  const mailUrl = await listen(atMail, (request) =>
    request.headers['x-api-key'] === 'mw_good'
      ? [201, { 'content-type': 'application/json' }, '{"id":"accepted"}']
      : [204, { 'x-accel-redirect': EDGE_TO_GATEWAY }, ''],
  );
  edge = await startTestEdge(binary, { gatewayUrl, mailUrl });
});

afterAll(async () => {
  for (const server of servers) server.close();
  await edge?.stop();
});

const send = (key: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${edge?.url}/api/emails/api/send`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
    body,
  });

describe.runIf(binary)('the data path with a stand-in mail service', () => {
  it("gives the service the key, the edge's secret and the request as received, and none of the caller's identity headers", async () => {
    const answer = await send('mw_good', '{"to":["a@example.test"]}', {
      'x-mailwright-internal-token': 'forged',
      [EDGE_SECRET_HEADER]: 'forged',
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ id: 'accepted' });
    const seen = atMail.at(-1);
    expect(seen?.url).toBe('/emails/api/send');
    expect(seen?.headers['x-api-key']).toBe('mw_good');
    expect(seen?.headers[EDGE_SECRET_HEADER]).toBe(edgeSecret(TEST_EDGE_SECRET));
    expect(seen?.headers[EDGE_URI_HEADER]).toBe('/api/emails/api/send');
    expect(seen?.headers['x-mailwright-internal-token']).toBeUndefined();
  });

  it('hands a refused request to the gateway whole, and answers with what the gateway said', async () => {
    for (const size of [100, 3 * 1024 * 1024]) {
      const body = `{"subject":"${'x'.repeat(size)}"}`;
      const before = atGateway.length;
      const answer = await send('mw_refused', body);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ message: 'Invalid API key', length: body.length });
      expect(atGateway.length).toBe(before + 1);
      const seen = atGateway.at(-1);
      expect(seen?.method).toBe('POST');
      expect(seen?.url).toBe('/api/emails/api/send');
      expect(seen?.body).toBe(body);
      expect(seen?.headers['x-api-key']).toBe('mw_refused');
      expect(seen?.headers[EDGE_SECRET_HEADER]).toBeUndefined();
    }
  });

  it('passes on the X-Accel-Redirect of a gateway answer without following it', async () => {
    const mailBefore = atMail.length;
    const answer = await fetch(`${edge?.url}/try-to-redirect`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('the gateway answered');
    expect(atMail.length).toBe(mailBefore);
  });
});
