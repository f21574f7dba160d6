// An HTTP call that sends its path byte for byte. fetch() and URL would resolve `%2e%2e` segments and
// re-encode what they read before the request leaves, so encoded-path fuzzing needs node:http.
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  text: string;
}

export function rawCall(
  origin: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname,
        port,
        method,
        path,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${options.timeoutMs ?? 30_000} ms`)));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
