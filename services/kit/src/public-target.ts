// Outbound HTTP to user-chosen URLs (webhook endpoints, attachment URLs) without SSRF: the host is resolved and
// every address checked against loopback/private/link-local ranges, and the connection uses exactly the
// checked address (the check runs inside the socket's DNS lookup, so a rebinding answer cannot slip past).
// ALLOW_PRIVATE_TARGETS=true turns the check off (self-hosted setups posting to an intranet, tests).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isPrivateAddress } from './private-address';
import { HostError, resolvePublicHost } from './public-host';

export type TargetProblem = 'scheme' | 'private' | 'unresolvable';

export class TargetError extends Error {
  constructor(
    readonly problem: TargetProblem | 'http',
    message: string,
  ) {
    super(message);
  }
}

export interface TargetPolicy {
  allowPrivate: boolean;
  /** http: URLs are accepted only when private targets are allowed (local development, tests). */
  requireHttps?: boolean;
}

/** Parses and checks a URL's scheme and host (resolving DNS). Throws TargetError. */
export async function checkPublicUrl(text: string, policy: TargetPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetError('scheme', 'not an absolute URL');
  }
  const httpsOnly = policy.requireHttps ?? !policy.allowPrivate;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !httpsOnly)) throw new TargetError('scheme', 'not https');
  if (url.username || url.password) throw new TargetError('scheme', 'credentials in URL');
  if (policy.allowPrivate) return url;
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) throw new TargetError('private', 'private address');
  await resolvePublicHost(url.hostname, { allowPrivate: false }).catch((error: unknown) => {
    if (!(error instanceof HostError)) throw error;
    throw new TargetError(error.problem, error.problem === 'private' ? 'private address' : 'host could not be resolved');
  });
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A dns.lookup that refuses private answers, for the socket itself. */
function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0) {
      const refused = Object.assign(new Error('private address refused'), { code: 'EPRIVATE' }) as NodeJS.ErrnoException;
      return callback(refused, '', 0);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  /** Larger answers are cut off with an error (GET downloads); POST answers are read up to this and truncated. */
  maxBytes: number;
  truncate?: boolean;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request to a checked URL. Redirects are not followed. Rejects with TargetError or a network error. */
export async function requestPublicUrl(text: string, policy: TargetPolicy, request: OutboundRequest): Promise<OutboundResponse> {
  const url = await checkPublicUrl(text, policy);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method ?? 'GET',
        headers: request.headers,
        timeout: request.timeoutMs,
        lookup: policy.allowPrivate ? undefined : (guardedLookup as unknown as typeof dnsLookup),
        agent: false,
      },
      (res) => {
        // A declared length past the limit is refused before any of the body is read.
        const declared = Number(res.headers['content-length']);
        if (!request.truncate && Number.isFinite(declared) && declared > request.maxBytes) {
          req.destroy(new TargetError('http', `larger than ${request.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            if (request.truncate) {
              res.destroy();
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
              return;
            }
            req.destroy(new TargetError('http', `larger than ${request.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new TargetError('http', `no answer within ${request.timeoutMs} ms`)),
      request.timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new TargetError('http', `no answer within ${request.timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPRIVATE') reject(new TargetError('private', 'private address'));
      else reject(error);
    });
    req.end(request.body);
  });
}
