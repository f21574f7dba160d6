// A stand-in for the gateway in component tests: answers fetch() by "METHOD /api/path" and records calls.
import { vi } from 'vitest';

export interface FakeResponse {
  status?: number;
  body?: unknown;
  /** Never resolves: keeps the caller waiting (e.g. to observe a loading state). */
  hang?: boolean;
  /** A body that is not JSON (a CSV download), sent with this Content-Type and these headers. */
  raw?: { text: string; contentType: string; headers?: Record<string, string> };
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body, or the text as sent when it is not JSON (a CSV upload), or the Blob sent. */
  body: unknown;
}

const isJson = (headers: Record<string, string>) => (headers['Content-Type'] ?? 'application/json') === 'application/json';

type Handler = FakeResponse | ((call: RecordedCall) => FakeResponse);

export function installFakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const call: RecordedCall = {
      method,
      path: `${url.pathname}${url.search}`,
      headers,
      body: typeof init.body === 'string' ? (isJson(headers) ? JSON.parse(init.body) : init.body) : (init.body ?? undefined),
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 });
    const answer = typeof handler === 'function' ? handler(call) : handler;
    if (answer.hang) return new Promise<Response>(() => {});
    const status = answer.status ?? 200;
    if (answer.raw) {
      return new Response(answer.raw.text, {
        status,
        headers: { 'content-type': answer.raw.contentType, ...answer.raw.headers },
      });
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const sampleUser = {
  _id: 'u1',
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatar: null,
  isVerified: true,
  hasPassword: true,
  oauthProviders: [],
  subscription: { plan: 'free' as const, status: 'active', endDate: null },
  emailQuota: { used: 3, limit: 100 },
  createdAt: '2025-01-01T00:00:00.000Z',
};
