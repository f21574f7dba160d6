// Service-to-service HTTP calls with an internal token; failures surface as AppErrors with the callee's message.
import { isErrorCode } from '@mailwright/contracts';
import { AppError } from './errors';
import { INTERNAL_TOKEN_HEADER, InternalTokenSigner } from './internal-token';
import { currentRequestId } from './request-context';

export interface InternalRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
  /**
   * The request this call serves (its x-request-id), forwarded so the callee's log lines carry it too; defaults to
   * the request the calling code runs for (request-context.ts).
   */
  requestId?: string;
}

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
    const requestId = request.requestId ?? currentRequestId();
    if (requestId) headers['x-request-id'] = requestId;
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(request.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `A service this request needs is unavailable (${path.split('/')[2] ?? path}): ${reason}`,
      );
    }
    const text = await response.text();
    const data = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      // A callee's 4xx is the caller's answer too (message, code and extra fields relayed); its 5xx is a bad gateway.
      const { message, code, ...details } = (data ?? {}) as { message?: string; code?: string } & Record<string, unknown>;
      if (response.status >= 500) {
        throw new AppError(
          response.status === 503 ? 'SERVICE_UNAVAILABLE' : 'BAD_GATEWAY',
          message ?? `Internal call failed (${response.status})`,
        );
      }
      throw new AppError(isErrorCode(code) ? code : 'BAD_REQUEST', message ?? `Internal call failed (${response.status})`, {
        details,
        status: response.status,
      });
    }
    return data as T;
  }
}
