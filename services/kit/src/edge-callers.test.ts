// The mail service's side of the edge's data path: the edge's secret checked in constant time; the authorizer asked
// once per key while its answer is kept (sends arriving meanwhile wait for that one question), a failure to ask
// being a no; and the gateway's answer read over HTTP as a yes only when it is a 204 with a token and a key id.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  askGateway,
  EDGE_API_KEY_ID_HEADER,
  EDGE_AUTHORIZE_PATH,
  EDGE_METHOD_HEADER,
  EDGE_SECRET_HEADER,
  EDGE_URI_HEADER,
  EdgeAuthorizer,
  type EdgeQuestion,
  edgeSecret,
  edgeSecretCheck,
} from './edge-callers';
import { INTERNAL_TOKEN_HEADER } from './internal-token';
import { TEST_INTERNAL_SECRET } from './testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const question = (apiKey: string): EdgeQuestion => ({ apiKey, method: 'POST', uri: '/api/emails/api/send' });

describe('the edge secret', () => {
  it('matches only the secret derived from this installation', () => {
    const check = edgeSecretCheck(TEST_INTERNAL_SECRET);
    expect(check(edgeSecret(TEST_INTERNAL_SECRET))).toBe(true);
    expect(check(edgeSecret('another-secret-of-enough-length-0123456789'))).toBe(false);
    expect(check('short')).toBe(false);
    expect(check(undefined)).toBe(false);
    expect(check([edgeSecret(TEST_INTERNAL_SECRET)])).toBe(false);
  });
});

describe('EdgeAuthorizer', () => {
  it('asks once per key for sends arriving together, and again once the answer is older than its time', async () => {
    const asked: string[] = [];
    const authorizer = new EdgeAuthorizer(
      TEST_INTERNAL_SECRET,
      async ({ apiKey }) => {
        asked.push(apiKey);
        await sleep(30);
        return { token: `token-${asked.length}`, apiKeyId: 'key-1' };
      },
      100,
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => authorizer.authorize(question('mw_one'))));
    expect(asked).toEqual(['mw_one']);
    expect(new Set(answers.map((answer) => answer?.token))).toEqual(new Set(['token-1']));
    expect((await authorizer.authorize(question('mw_other')))?.token).toBe('token-2');
    await sleep(150);
    expect((await authorizer.authorize(question('mw_one')))?.token).toBe('token-3');
    expect(asked).toEqual(['mw_one', 'mw_other', 'mw_one']);
  });

  it('keeps a refusal as long as a yes, and takes a failure to ask as a refusal', async () => {
    let calls = 0;
    const authorizer = new EdgeAuthorizer(TEST_INTERNAL_SECRET, async ({ apiKey }) => {
      calls += 1;
      if (apiKey === 'mw_down') throw new Error('connect ECONNREFUSED');
      return null;
    });
    expect(await authorizer.authorize(question('mw_refused'))).toBeNull();
    expect(await authorizer.authorize(question('mw_refused'))).toBeNull();
    expect(await authorizer.authorize(question('mw_down'))).toBeNull();
    expect(calls).toBe(2);
  });
});

describe('askGateway', () => {
  async function standInGateway(answer: (headers: IncomingHttpHeaders) => [number, Record<string, string>]) {
    const seen: { url?: string; headers: IncomingHttpHeaders }[] = [];
    const server = createServer((request, response) => {
      seen.push({ url: request.url, headers: request.headers });
      const [status, headers] = answer(request.headers);
      response.writeHead(status, headers).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => server.close() };
  }

  it("sends the key, the request and the edge's secret, and reads a 204 with a token and key id as a yes", async () => {
    const gateway = await standInGateway((headers) =>
      headers['x-api-key'] === 'mw_good'
        ? [204, { [INTERNAL_TOKEN_HEADER]: 'signed', [EDGE_API_KEY_ID_HEADER]: 'key-9' }]
        : [403, {}],
    );
    try {
      const ask = askGateway(`${gateway.url}/`, TEST_INTERNAL_SECRET);
      expect(await ask(question('mw_good'))).toEqual({ token: 'signed', apiKeyId: 'key-9' });
      expect(await ask(question('mw_bad'))).toBeNull();
      expect(gateway.seen[0]?.url).toBe(EDGE_AUTHORIZE_PATH);
      expect(gateway.seen[0]?.headers).toMatchObject({
        [EDGE_SECRET_HEADER]: edgeSecret(TEST_INTERNAL_SECRET),
        [EDGE_METHOD_HEADER]: 'POST',
        [EDGE_URI_HEADER]: '/api/emails/api/send',
      });
    } finally {
      gateway.close();
    }
  });

  it('reads a 204 without a token as a refusal', async () => {
    const gateway = await standInGateway(() => [204, {}]);
    try {
      expect(await askGateway(gateway.url, TEST_INTERNAL_SECRET)(question('mw_good'))).toBeNull();
    } finally {
      gateway.close();
    }
  });
});
