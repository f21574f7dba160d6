// A stand-in for the services accounts calls (mail's /internal/senders/*, identity's /internal/users/*/notify)
// over real HTTP: it checks the internal token, records each call and answers what a test told it to.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_TOKEN_HEADER, verifyInternalToken } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  /** The calling service named in its internal token. */
  caller: string | undefined;
  /** The x-request-id the call carried: the id of the request it serves. */
  requestId?: string;
}

export interface Answer {
  status: number;
  body?: unknown;
}

export interface ServiceStandIn {
  url: string;
  calls: RecordedCall[];
  /** What calls whose path matches `path` get from now on (the latest rule wins); 204 unless told. */
  answer(path: RegExp, answer: Answer | ((call: RecordedCall) => Answer)): void;
  callsTo(path: RegExp): RecordedCall[];
  /** Waits for a call to `path` (one already made included). */
  nextCall(path: RegExp, timeoutMs?: number): Promise<RecordedCall>;
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startServiceStandIn(): Promise<ServiceStandIn> {
  const calls: RecordedCall[] = [];
  const rules: Array<{ path: RegExp; answer: Answer | ((call: RecordedCall) => Answer) }> = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const token = request.headers[INTERNAL_TOKEN_HEADER];
      const claims =
        typeof token === 'string' ? await verifyInternalToken(TEST_INTERNAL_SECRET, token).catch(() => undefined) : undefined;
      const call: RecordedCall = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        body: await readBody(request),
        caller: claims?.kind === 'service' ? claims.service : undefined,
      };
      const requestId = request.headers['x-request-id'];
      if (typeof requestId === 'string') call.requestId = requestId;
      calls.push(call);
      if (!call.caller) {
        response.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"no","code":"FORBIDDEN"}');
        return;
      }
      const rule = rules.findLast((candidate) => candidate.path.test(call.path));
      const answer = rule ? (typeof rule.answer === 'function' ? rule.answer(call) : rule.answer) : { status: 204 };
      if (answer.body === undefined) {
        response.writeHead(answer.status).end();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const callsTo = (path: RegExp) => calls.filter((call) => path.test(call.path));
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    answer(path, answer) {
      rules.push({ path, answer });
    },
    callsTo,
    async nextCall(path, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = callsTo(path)[0];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No call to ${path} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
