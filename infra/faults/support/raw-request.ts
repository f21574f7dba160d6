// An HTTP call that sends its path byte for byte. fetch() and URL would resolve `%2e%2e` segments and
// re-encode what they read before the request leaves, so encoded-path fuzzing and the edge attacks need
// node:http. Used by the fuzz suite (one call per route and input) and the edge attacks (chunked bodies,
// other source addresses, other listeners).
import { Agent, request } from 'node:http';

export interface RawAnswer {
  status: number;
  text: string;
}

export interface RawRequest {
  method?: string;
  /** Sent exactly as written. */
  path: string;
  headers?: Record<string, string>;
  /** Sent with `content-type: application/json` unless the headers say otherwise. */
  body?: string;
  /** Sent one after another with Transfer-Encoding: chunked (instead of `body`). */
  chunks?: string[];
  /** Source address (127.0.0.x) so per-IP limits see another client. */
  fromHost?: string;
  timeoutMs?: number;
  /**
   * A connection of its own, kept alive until the answer: Node's client sends a body after a `Connection: close`
   * header in a way the proxy's parser refuses, which would test the client instead of the gateway.
   */
  ownConnection?: boolean;
}

/** One request to `origin` (scheme, host and port of the listener). */
export function rawCall(origin: string, options: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agent = options.ownConnection ? new Agent({ keepAlive: true, maxSockets: 1 }) : undefined;
  return new Promise<RawAnswer>((resolve, reject) => {
    const outgoing = request(
      {
        ...(agent ? { agent } : {}),
        hostname,
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        localAddress: options.fromHost,
        timeout: timeoutMs,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${options.path}: no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    if (options.chunks) writeChunks(outgoing, options.chunks);
    else outgoing.end(options.body);
  }).finally(() => agent?.destroy());
}

function writeChunks(outgoing: ReturnType<typeof request>, chunks: string[]): void {
  let next = 0;
  const writeNext = () => {
    const chunk = chunks[next++];
    if (chunk === undefined || outgoing.destroyed) {
      outgoing.end();
      return;
    }
    outgoing.write(chunk, writeNext);
  };
  writeNext();
}
