// A typed client for the public Mailwright API (fetch-based: browsers, Node 18+, Deno, Bun).
//   const mw = new MailwrightClient({ baseUrl: 'https://mail.example.com', apiKey: process.env.MAILWRIGHT_API_KEY });
//   const { data } = await mw.emails.send({ to: ['ada@example.com'], subject: 'Hi', body: 'Hello' });
import type {
  BatchSendResponse,
  EmailListResponse,
  EmailLog,
  EmailStats,
  ListEmailsQuery,
  SendEmailBody,
  StatsQuery,
} from '../mail';
import type { CreateWebhookBody, UpdateWebhookBody, WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '../webhooks';

export interface ClientOptions {
  /** Where the gateway is, e.g. 'https://mail.example.com' ('' for same-origin browser calls). */
  baseUrl: string;
  /** X-API-Key for the public send API (/api/emails/api/*). */
  apiKey?: string;
  /** A user JWT, or a function returning the current one (signed-in routes). */
  token?: string | (() => string | null | undefined);
  fetch?: typeof fetch;
}

/** Rate-limit figures from the last answer's RateLimit-* headers. */
export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  resetSeconds: number | null;
}

/** A non-2xx answer: the server's { message, code } plus the status and, on 429, Retry-After. */
export class MailwrightError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'MailwrightError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export class MailwrightClient {
  /** From the last response that carried RateLimit-* headers. */
  rateLimit: RateLimitInfo = { limit: null, remaining: null, resetSeconds: null };
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  }

  readonly emails = {
    /** POST /api/emails/api/send (API key) — or /api/emails/send with a user token. */
    send: (body: SendEmailBody, options: { idempotencyKey?: string } = {}) =>
      this.call<{ data: EmailLog }>('POST', this.options.apiKey ? '/api/emails/api/send' : '/api/emails/send', {
        body,
        headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined,
      }),
    /** POST /api/emails/api/batch: up to 100 emails; 207 with one result per email. */
    batch: (emails: SendEmailBody[]) => this.call<BatchSendResponse>('POST', '/api/emails/api/batch', { body: { emails } }),
    list: (query: ListEmailsQuery = {}) => this.call<EmailListResponse>('GET', '/api/emails', { query }),
    get: (id: string) => this.call<{ data: EmailLog }>('GET', `/api/emails/${encodeURIComponent(id)}`),
    cancel: (id: string) => this.call<{ data: EmailLog }>('DELETE', `/api/emails/${encodeURIComponent(id)}/cancel`),
    stats: (query: StatsQuery = {}) => this.call<{ data: EmailStats }>('GET', '/api/emails/analytics/stats', { query }),
  };

  readonly webhooks = {
    list: () => this.call<{ data: WebhookEndpoint[] }>('GET', '/api/webhooks'),
    get: (id: string) => this.call<{ data: WebhookEndpoint }>('GET', `/api/webhooks/${encodeURIComponent(id)}`),
    /** The answer's `secret` is shown only here and by rotateSecret. */
    create: (body: CreateWebhookBody) => this.call<{ data: WebhookWithSecret }>('POST', '/api/webhooks', { body }),
    update: (id: string, body: UpdateWebhookBody) =>
      this.call<{ data: WebhookEndpoint }>('PATCH', `/api/webhooks/${encodeURIComponent(id)}`, { body }),
    remove: (id: string) => this.call<void>('DELETE', `/api/webhooks/${encodeURIComponent(id)}`),
    rotateSecret: (id: string) =>
      this.call<{ data: WebhookWithSecret }>('POST', `/api/webhooks/${encodeURIComponent(id)}/rotate-secret`),
    test: (id: string) => this.call<{ data: WebhookDelivery }>('POST', `/api/webhooks/${encodeURIComponent(id)}/test`),
    deliveries: (id: string, limit = 20) =>
      this.call<{ data: WebhookDelivery[] }>('GET', `/api/webhooks/${encodeURIComponent(id)}/deliveries`, { query: { limit } }),
  };

  private async call<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    request: { body?: unknown; query?: Query; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (path.startsWith('/api/emails/api/')) {
      if (this.options.apiKey) headers['x-api-key'] = this.options.apiKey;
    } else {
      const token = typeof this.options.token === 'function' ? this.options.token() : this.options.token;
      if (token) headers.authorization = `Bearer ${token}`;
    }
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}${path}${params.toString() ? `?${params}` : ''}`;
    const response = await this.fetcher(url, {
      method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const number = (name: string) => {
      const value = response.headers.get(name);
      return value === null ? null : Number(value);
    };
    if (response.headers.has('ratelimit-limit')) {
      this.rateLimit = {
        limit: number('ratelimit-limit'),
        remaining: number('ratelimit-remaining'),
        resetSeconds: number('ratelimit-reset'),
      };
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const error = (parsed ?? {}) as { message?: string; code?: string };
      throw new MailwrightError(
        response.status,
        error.message ?? `Request failed with HTTP ${response.status}`,
        error.code ?? 'HTTP_ERROR',
        number('retry-after'),
      );
    }
    return parsed as T;
  }
}
