// A local HTTP server that answers from a script of handlers (one per request, the last repeated) and records
// every request it got.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  at: number;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void;

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

/** Closes the connection without an answer: the client sees a network error. */
export const hangUp: Handler = (_request, response) => {
  response.socket?.destroy();
};

export async function fakeServer(handlers: Handler[]) {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
        at: Date.now(),
      };
      requests.push(recorded);
      const handler = handlers[Math.min(requests.length - 1, handlers.length - 1)];
      handler?.(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
