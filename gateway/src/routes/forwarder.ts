// Forwards one request to its service over a keep-alive undici Pool, streaming both ways, and writes the service's
// answer straight onto the raw response: no intermediate streams, no per-request URL parsing, no promise chain.
// It replaced @fastify/http-proxy + @fastify/reply-from, which cost about a third of the gateway's CPU per proxied
// request (their stream pipeline, per-request URL building and header copying through Fastify's reply).
//
// What a forwarded request keeps: the caller's headers minus hop-by-hop ones (Connection and what it names,
// Keep-Alive, Transfer-Encoding, TE, Trailer, Upgrade, Proxy-*, and Expect) and minus the identity-like ones
// (authenticate.ts forwardHeaders), plus the internal token, x-request-id and x-forwarded-for; the query string;
// the body (a small declared body read whole and sent in one write; a larger or chunked one streamed; a chunked
// one cut off at the prefix's limit, answered 413). What an answer keeps: status, headers minus hop-by-hop ones
// (a Location inside the service's prefix is rewritten to the public prefix), x-request-id, and the body,
// streamed with backpressure. A service that cannot be reached or drops the connection answers 503, one that takes
// too long 504, one that answers something other than HTTP 502, each with its message.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Dispatcher, Pool } from 'undici';

/** Bodies declared at most this long are read whole and sent with the request head in one write. */
export const WHOLE_BODY_BYTES = 64 * 1024;

/** Headers that describe one hop, never forwarded either way (RFC 9110 7.6.1), besides those Connection names. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'host',
]);

/** Header names listed in a Connection header (lowercased), which are hop-by-hop too. */
function connectionListed(value: string | string[] | undefined): Set<string> | null {
  if (value === undefined) return null;
  const names = new Set<string>();
  for (const part of (Array.isArray(value) ? value.join(',') : value).split(',')) {
    const name = part.trim().toLowerCase();
    if (name) names.add(name);
  }
  return names;
}

/**
 * The caller's headers without the hop-by-hop ones (names are lowercase, as Node gives them), nor Expect: Node's
 * server has already answered a `100-continue` itself, and undici refuses to send the header.
 */
export function endToEndHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const listed = connectionListed(headers.connection);
  const kept: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || hopByHop.has(name) || name === 'expect' || listed?.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}

export type UpstreamFailure = 'unreachable' | 'timeout' | 'broken' | 'body-cut-off';

function failureOf(error: Error & { code?: string }): Exclude<UpstreamFailure, 'body-cut-off'> {
  switch (error.code) {
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return 'timeout';
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_CLOSED':
    case 'UND_ERR_DESTROYED':
    // The service's process went away with the request in it (a crash, a kill, a restart): it is unavailable, as
    // the clients and the fault suite expect (503), not a bad answer.
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return 'unreachable';
    default:
      return 'broken';
  }
}

export interface UpstreamOptions {
  /** The service's origin, e.g. http://127.0.0.1:4003. */
  origin: string;
  /** The public prefix (/api/emails) and the service's own (/emails). */
  prefix: string;
  rewritePrefix: string;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
}

export interface ForwardCall {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The request headers to send (already stripped and completed by the caller). */
  headers: Record<string, string | string[]>;
  /** The request body: null, a whole Buffer, or a stream. */
  body: Buffer | Readable | null;
  /** Answers a failure before anything of the service's answer was written (through Fastify's reply). */
  onFailure: (failure: UpstreamFailure, error: Error) => void;
  /** True when the failure was the body limit cutting the request body off. */
  wasCutOff: () => boolean;
}

/** One service behind a prefix: its connection pool and the path rewrite. */
export class Upstream {
  private readonly pool: Pool;
  private readonly prefix: string;
  private readonly rewritePrefix: string;
  private readonly origin: string;

  constructor(options: UpstreamOptions) {
    this.origin = new URL(options.origin).origin;
    this.prefix = options.prefix;
    this.rewritePrefix = options.rewritePrefix;
    this.pool = new Pool(this.origin, {
      connections: 64,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      headersTimeout: options.headersTimeoutMs ?? 30_000,
      bodyTimeout: options.bodyTimeoutMs ?? 60_000,
    });
  }

  /** The service's path for a public URL under the prefix (query string kept). */
  pathFor(url: string): string {
    return this.rewritePrefix + url.slice(this.prefix.length) || '/';
  }

  /** A Location the service gave inside its own prefix, as the caller must follow it (the public prefix). */
  private publicLocation(location: string): string {
    if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(location)) return location;
    return location.startsWith(this.rewritePrefix) ? this.prefix + location.slice(this.rewritePrefix.length) : location;
  }

  forward(call: ForwardCall): void {
    const { request, reply } = call;
    const response = reply.raw;
    const requestId = request.id;
    let abort: ((error?: Error) => void) | null = null;
    let status = 0;
    let headers: OutgoingHttpHeaders | null = null;
    let pending: Buffer | null = null;
    let holdFirstChunk = false;
    let resumeUpstream: (() => void) | null = null;
    let started = false;
    let done = false;
    const onClose = () => {
      if (!done && abort) abort();
    };

    const start = () => {
      started = true;
      response.writeHead(status, headers as OutgoingHttpHeaders);
      if (pending) {
        response.write(pending);
        pending = null;
      }
    };

    const handler: Dispatcher.DispatchHandler = {
      onConnect: (abortRequest) => {
        abort = abortRequest;
      },
      onHeaders: (statusCode, rawHeaders, resume) => {
        if (statusCode < 200) return true; // 1xx: informational, wait for the answer
        reply.hijack();
        status = statusCode;
        // The gateway's own headers on the reply (rate limit) first; the service's win on a clash, as before.
        headers = Object.assign(
          reply.getHeaders(),
          this.answerHeaders(rawHeaders as unknown as Buffer[], requestId, request.raw.complete),
        );
        // A bounded answer's first chunk waits for the next one (or the end): one write for a one-chunk answer.
        holdFirstChunk = headers['content-length'] !== undefined;
        resumeUpstream = resume;
        response.on('drain', resume);
        return true;
      },
      onData: (chunk) => {
        if (!started) {
          if (holdFirstChunk && pending === null) {
            pending = chunk;
            return true;
          }
          start();
        }
        return response.write(chunk);
      },
      onComplete: () => {
        done = true;
        response.off('close', onClose);
        if (resumeUpstream) response.off('drain', resumeUpstream);
        if (started) {
          response.end();
          return;
        }
        response.writeHead(status, headers as OutgoingHttpHeaders);
        if (pending) response.end(pending);
        else response.end();
      },
      onError: (error) => {
        done = true;
        response.off('close', onClose);
        if (resumeUpstream) response.off('drain', resumeUpstream);
        if (headers === null) {
          if (!response.destroyed) call.onFailure(call.wasCutOff() ? 'body-cut-off' : failureOf(error), error);
          return;
        }
        // Part of the answer is out (or about to be): the caller can only tell from a broken connection.
        request.log.warn({ err: error }, 'upstream answer broke off');
        response.destroy(error);
      },
    };
    response.on('close', onClose);
    this.pool.dispatch(
      {
        path: this.pathFor(request.url),
        method: request.method as Dispatcher.HttpMethod,
        headers: call.headers,
        body: call.body,
      },
      handler,
    );
  }

  private answerHeaders(raw: Buffer[], requestId: string, requestComplete: boolean): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    let listed: Set<string> | null = null;
    for (let index = 0; index < raw.length; index += 2) {
      const name = (raw[index] as Buffer).toString('latin1').toLowerCase();
      const value = (raw[index + 1] as Buffer).toString('latin1');
      if (name === 'connection') listed = connectionListed(value);
      if (hopByHop.has(name)) continue;
      const existing = headers[name];
      if (existing === undefined) headers[name] = value;
      else headers[name] = Array.isArray(existing) ? [...existing, value] : [String(existing), value];
    }
    if (listed) for (const name of listed) delete headers[name];
    if (typeof headers.location === 'string') headers.location = this.publicLocation(headers.location);
    headers['x-request-id'] = requestId;
    // A connection cannot be reused until the caller's body has been read: close it if the answer came first.
    if (!requestComplete) headers.connection = 'close';
    return headers;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
