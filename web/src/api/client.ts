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
  /** The body field the server blamed, when it named one ('name', 'headers.X-Foo'). */
  readonly field: string | undefined;
  /** Why a mailed link no longer works: 'used', 'expired' or 'unknown' (verification and reset links). */
  readonly reason: string | undefined;

  constructor(
    status: number,
    message: string,
    options: {
      code?: ErrorCode;
      requiresVerification?: boolean;
      hasServerMessage?: boolean;
      field?: string;
      reason?: string;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.requiresVerification = options.requiresVerification ?? false;
    this.hasServerMessage = options.hasServerMessage ?? false;
    this.field = options.field;
    this.reason = options.reason;
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
  /** A body sent as it is (a CSV file), with its own Content-Type, instead of JSON. */
  rawBody?: { data: Blob | string; contentType: string };
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

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.rawBody) headers['Content-Type'] = options.rawBody.contentType;
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.rawBody ? options.rawBody.data : options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
}

function failure(response: Response, payload: unknown): ApiError {
  const body = (payload ?? {}) as {
    message?: unknown;
    code?: unknown;
    requiresVerification?: unknown;
    field?: unknown;
    reason?: unknown;
  };
  const serverMessage = typeof body.message === 'string' && body.message ? body.message : undefined;
  return new ApiError(response.status, serverMessage ?? `Request failed with status ${response.status}`, {
    code: isErrorCode(body.code) ? body.code : undefined,
    requiresVerification: body.requiresVerification === true,
    hasServerMessage: serverMessage !== undefined,
    field: typeof body.field === 'string' ? body.field : undefined,
    reason: typeof body.reason === 'string' ? body.reason : undefined,
  });
}

const isOk = (response: Response) => response.status >= 200 && response.status <= 299;

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const payload = await readJson(response);
  if (!isOk(response)) throw failure(response, payload);
  return payload as T;
}

/** A file the server answers (a CSV export): its bytes, type and the name from Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

export async function requestFile(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
  if (!isOk(response)) throw failure(response, await readJson(response));
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  return { blob, filename: filenameOf(response.headers.get('content-disposition')) };
}

/** The filename of `attachment; filename="x.csv"` (the plain form only: our services send no other). */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  for (const part of disposition.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key?.toLowerCase() !== 'filename') continue;
    const value = rest.join('=').trim().replace(/^"|"$/g, '');
    return value || null;
  }
  return null;
}
