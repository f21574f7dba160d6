// fetch + JSON for provider endpoints, with a deadline: a stuck provider must not hold a browser redirect or a
// worker's request for long. Network errors, non-2xx and unreadable answers become OAuthFailure.
import { OAuthFailure } from './oauth-failure';

export const PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderRequest extends RequestInit {
  /** Names the endpoint in error messages, e.g. 'GitHub /user'. */
  what: string;
  timeoutMs?: number;
}

export async function fetchJson<T>(url: string, init: ProviderRequest): Promise<T> {
  const { what, timeoutMs = PROVIDER_TIMEOUT_MS, ...request } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new OAuthFailure(`${what} request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  const body = parseJson(text);
  if (!response.ok) {
    const providerError = typeof body?.error === 'string' ? body.error : undefined;
    throw new OAuthFailure(`${what} answered ${response.status}: ${text.slice(0, 200)}`, providerError);
  }
  if (body === undefined) throw new OAuthFailure(`${what} answered something that is not JSON`);
  return body as T;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
