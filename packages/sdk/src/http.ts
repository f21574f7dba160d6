// One HTTP call to the gateway, with the caller's credentials, JSON in and out, and the retry rules of retry.ts.
import { errorFromResponse, MailwrightError } from './errors';
import { DEFAULT_RETRY, delayBeforeRetry, isRetryableStatus, parseRetryAfter, type RetryOptions } from './retry';

export interface HttpOptions {
  baseUrl: string;
  apiKey?: string;
  token?: string;
  retry?: RetryOptions;
  /** Per try. Default 30 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** Which credential the route takes: the API key (X-API-Key) or a user token (Authorization: Bearer). */
  auth: 'apiKey' | 'token';
  /**
   * Whether trying again cannot do the work twice: GETs, and sends that carry an Idempotency-Key. Others are
   * retried only on 429, which the gateway answers before the request does anything.
   */
  idempotent: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class HttpClient {
  private readonly retry: Required<RetryOptions>;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: HttpOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  }

  async request<T>(spec: RequestSpec): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let failure: MailwrightError;
      try {
        const response = await this.once(spec);
        const body = await readJson(response);
        if (response.ok) return body as T;
        failure = errorFromResponse(response.status, body, parseRetryAfter(response.headers.get('retry-after')));
        const retryable = isRetryableStatus(failure.status, failure.code) && (spec.idempotent || failure.status === 429);
        if (!retryable) throw failure;
      } catch (error) {
        if (error instanceof MailwrightError && error.code !== 'NETWORK_ERROR') throw error;
        failure =
          error instanceof MailwrightError
            ? error
            : new MailwrightError({
                code: 'NETWORK_ERROR',
                status: 0,
                message: `Could not reach ${this.options.baseUrl}: ${describe(error)}`,
                cause: error,
              });
        if (!spec.idempotent) throw failure;
      }
      if (attempt >= this.retry.maxAttempts) throw failure;
      const delay = delayBeforeRetry(attempt, this.retry, failure.retryAfterSeconds);
      if (delay === null) throw failure;
      await sleep(delay);
    }
  }

  private once(spec: RequestSpec): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    const credential = spec.auth === 'apiKey' ? this.options.apiKey : this.options.token;
    if (!credential) {
      const [option, variable] = spec.auth === 'apiKey' ? ['apiKey', 'MAILWRIGHT_API_KEY'] : ['token', 'MAILWRIGHT_TOKEN'];
      throw new MailwrightError({
        code: 'UNAUTHORIZED',
        status: 401,
        message: `${spec.method} ${spec.path} needs the ${option} option (${variable} for the CLI)`,
      });
    }
    if (spec.auth === 'apiKey') headers['x-api-key'] = credential;
    else headers.authorization = `Bearer ${credential}`;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const search = params.size > 0 ? `?${params}` : '';
    return this.fetcher(`${this.options.baseUrl.replace(/\/+$/, '')}${spec.path}${search}`, {
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return response.ok ? text : { message: text.slice(0, 500) };
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
