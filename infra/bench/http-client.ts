// Plain node:http requests over keep-alive agents: the load generators' client (cheaper than fetch, so
// the benchmark process steals less CPU from the platform it measures).
import http from 'node:http';

export interface SimpleResponse {
  status: number;
  body: string;
}

export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, keepAliveMsecs: 10_000 });
}

export function request(
  agent: http.Agent,
  url: URL,
  options: { method: string; headers?: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<SimpleResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    const req = http.request(
      { agent, hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
