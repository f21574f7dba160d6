// The one HTTP client every API call goes through: base '/api', JSON, bearer token from local storage.
// Failures carry the server's { message, code }; `code` is one of the contracts' ERROR_CODES.
import { type ErrorCode, isErrorCode } from '@mailwright/contracts';
import { readToken } from '../features/auth/token-storage';

export const API_BASE = '/api';

/**
 * A response outside 200–299 (status 0: no answer at all). `message` is the server's text when it sent one;
 * switch on `code`, never on the text.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's error code; undefined when there was no answer or the body named no known code. */
  readonly code: ErrorCode | undefined;
  readonly requiresVerification: boolean;
  /** True when the server sent its own message (callers fall back to their own text otherwise). */
  readonly hasServerMessage: boolean;

  constructor(
    status: number,
    message: string,
    options: { code?: ErrorCode; requiresVerification?: boolean; hasServerMessage?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.requiresVerification = options.requiresVerification ?? false;
    this.hasServerMessage = options.hasServerMessage ?? false;
  }
}

/** The server's message when there is one, otherwise the caller's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.hasServerMessage) return error.message;
  return fallback;
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
}

function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The body never arrived (connection lost, or the request aborted because the page is being left): no
    // answer, like a failed fetch. Callers must not read this as the server refusing (e.g. sign the user out).
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }

  const payload = await readJson(response);
  if (response.status < 200 || response.status > 299) {
    const body = (payload ?? {}) as { message?: unknown; code?: unknown; requiresVerification?: unknown };
    const serverMessage = typeof body.message === 'string' && body.message ? body.message : undefined;
    throw new ApiError(response.status, serverMessage ?? `Request failed with status ${response.status}`, {
      code: isErrorCode(body.code) ? body.code : undefined,
      requiresVerification: body.requiresVerification === true,
      hasServerMessage: serverMessage !== undefined,
    });
  }
  return payload as T;
}
