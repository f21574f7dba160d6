// A small client for whole-stack tests: JSON calls through the gateway and mail from the SMTP sink.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { ReceivedMail } from './smtp-sink';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string | Uint8Array;
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
}

export const gatewayUrl = () => inject('gatewayUrl');

export async function api<T = Record<string, unknown>>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  return callJson<T>(`${gatewayUrl()}${path}`, options);
}

/**
 * One JSON call (the e2e and fault suites' clients both make theirs here): a body is sent as JSON unless raw, a token
 * as a bearer, an API key as X-API-Key; redirects are not followed; a body that is not JSON (pixel, redirect) is
 * left as text. `send` replaces fetch (another source address); `signal` bounds the call.
 */
export async function callJson<T = Record<string, unknown>>(
  url: string,
  options: CallOptions,
  extras: { signal?: AbortSignal; send?: (url: string, init: RequestInit) => Promise<Response> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  if (hasBody) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  const init: RequestInit = {
    method: options.method ?? (hasBody ? 'POST' : 'GET'),
    headers,
    body: (options.rawBody as BodyInit | undefined) ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    redirect: 'manual',
    ...(extras.signal ? { signal: extras.signal } : {}),
  };
  const response = await (extras.send ?? fetch)(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // not JSON (pixel, redirect)
  }
  return { status: response.status, body: body as T, headers: response.headers, text };
}

export const uniqueEmail = (label: string, domain = 'example.test') => `${label}-${randomBytes(5).toString('hex')}@${domain}`;

/** Waits for mail addressed to `to` that matches `predicate` to reach the sink. */
export async function waitForMail(
  to: string,
  predicate: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${inject('sinkApiUrl')}/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: ReceivedMail[] };
    const found = messages.find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
}

export async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${inject('sinkApiUrl')}/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: ReceivedMail[] }).messages;
}

export const linkIn = (mail: ReceivedMail, pathPart: string): string => {
  const match = `${mail.text}\n${mail.html}`.match(new RegExp(`https?://[^\\s"'<>]*${pathPart}[^\\s"'<>]*`));
  if (!match) throw new Error(`no ${pathPart} link in mail "${mail.subject}"`);
  return match[0];
};

export interface SignedInUser {
  email: string;
  password: string;
  token: string;
  userId: string;
}

/** Signs a new user up, verifies through the mailed link and logs in. */
export async function signUpVerified(label: string, password = 'secret-pass-1'): Promise<SignedInUser> {
  const email = uniqueEmail(label);
  const signup = await api('/api/auth/signup', { body: { name: `${label} tester`, email, password } });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const mail = await waitForMail(email);
  const token = linkIn(mail, '/verify-email/').split('/verify-email/')[1];
  const verify = await api(`/api/auth/verify-email/${token}`);
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${verify.text}`);
  const login = await api<{ token: string; user: { _id: string } }>('/api/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { email, password, token: login.body.token, userId: login.body.user._id };
}
