// Service-to-service HTTP calls with an internal token; failures surface as AppErrors with the callee's message.
import { AppError, type ErrorCode, errorStatus } from './errors';
import { INTERNAL_TOKEN_HEADER, InternalTokenSigner } from './internal-token';

export interface InternalRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
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
      const body = (data ?? {}) as { message?: string; code?: string };
      const code = (body.code && body.code in errorStatus ? body.code : 'BAD_GATEWAY') as ErrorCode;
      throw new AppError(code, body.message ?? `Internal call ${path} failed with ${response.status}`);
    }
    return data as T;
  }
}
