// Plumbing shared by the provider look-alikes (Gmail API, Graph): a loopback HTTP server, bearer checks, JSON
// answers, a sliding-window account of what was accepted (so tests can assert pacing), and raw header parsing.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (request: IncomingMessage, url: URL, response: ServerResponse) => void | Promise<void>;

export async function listenLoopback(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    Promise.resolve(handler(request, url, response)).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function bearerOf(request: IncomingMessage): string | null {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) : null;
}

/** Accepted cost over time: whether one more fits a window, and the most any window of that length held. */
export class WindowLedger {
  readonly entries: Array<{ at: number; units: number }> = [];

  fits(units: number, limit: number, windowMs: number, now = Date.now()): boolean {
    let used = units;
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i] as { at: number; units: number };
      if (entry.at <= now - windowMs) break;
      used += entry.units;
    }
    return used <= limit;
  }

  add(units: number, now = Date.now()): void {
    this.entries.push({ at: now, units });
  }

  /** The largest sum of units inside any window of `windowMs`. */
  peak(windowMs: number): number {
    let peak = 0;
    let sum = 0;
    let start = 0;
    for (const entry of this.entries) {
      sum += entry.units;
      while ((this.entries[start] as { at: number }).at <= entry.at - windowMs) {
        sum -= (this.entries[start] as { units: number }).units;
        start += 1;
      }
      peak = Math.max(peak, sum);
    }
    return peak;
  }

  get total(): number {
    return this.entries.reduce((sum, entry) => sum + entry.units, 0);
  }
}

/** Header fields of a raw message, in order, folded lines joined. */
export function headersOf(raw: Buffer): Array<{ name: string; value: string }> {
  const text = raw.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  const block = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  return block
    .split(/\r?\n/)
    .filter((line) => line.indexOf(':') > 0)
    .map((line) => ({ name: line.slice(0, line.indexOf(':')).trim(), value: line.slice(line.indexOf(':') + 1).trim() }));
}

export const asBuffer = (raw: Buffer | string): Buffer =>
  typeof raw === 'string' ? Buffer.from(raw.replace(/\r?\n/g, '\r\n')) : raw;
