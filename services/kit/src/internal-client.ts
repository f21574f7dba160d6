// Service-to-service HTTP calls with an internal token; failures surface as AppErrors with the callee's message.
//
// Through undici's request API on one keep-alive agent per process, not the global fetch: fetch wraps every call in
// web streams, an AbortController and a Response (issue 25: in the SMTP intake, which calls the mail service twice
// per message, fetch's machinery was about a third of the process's CPU).
import { isErrorCode } from '@mailwright/contracts';
import { Agent, request as httpRequest } from 'undici';
import { AppError } from './errors';
import { INTERNAL_TOKEN_HEADER, InternalTokenSigner } from './internal-token';

export interface InternalRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
  /**
   * The request this call serves (its x-request-id), forwarded so the callee's log lines carry it too. Passed by
   * the caller, not kept in an AsyncLocalStorage: on Node 20 one of those turns on a hook for every promise of the
   * process, which cost the mail service and its workers 5–7% of their CPU per email (issue 25).
   */
  requestId?: string;
}

/** Connections to the other services, kept open between calls (undici's pools, one per origin). */
const agent = new Agent({ keepAliveTimeout: 30_000 });

export class InternalClient {
  private readonly signer: InternalTokenSigner;

  constructor(
    secret: string,
    private readonly service: string,
  ) {
    this.signer = new InternalTokenSigner(secret);
  }

  async call<T>(baseUrl: string, path: string, request: InternalRequest = {}): Promise<T> {
    const token = await this.signer.tokenFor({ kind: 'service', service: this.service });
    const headers: Record<string, string> = { [INTERNAL_TOKEN_HEADER]: token };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.requestId) headers['x-request-id'] = request.requestId;
    const timeoutMs = request.timeoutMs ?? 10_000;
    let status: number;
    let text: string;
    try {
      const response = await httpRequest(`${baseUrl}${path}`, {
        dispatcher: agent,
        method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `A service this request needs is unavailable (${path.split('/')[2] ?? path}): ${reason}`,
      );
    }
    const data = text ? (JSON.parse(text) as unknown) : undefined;
    if (status < 200 || status >= 300) {
      // A callee's 4xx is the caller's answer too (message, code and extra fields relayed); its 5xx is a bad gateway.
      const { message, code, ...details } = (data ?? {}) as { message?: string; code?: string } & Record<string, unknown>;
      if (status >= 500) {
        throw new AppError(status === 503 ? 'SERVICE_UNAVAILABLE' : 'BAD_GATEWAY', message ?? `Internal call failed (${status})`);
      }
      throw new AppError(isErrorCode(code) ? code : 'BAD_REQUEST', message ?? `Internal call failed (${status})`, {
        details,
        status,
      });
    }
    return data as T;
  }
}
