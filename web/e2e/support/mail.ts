// Reads mail caught by the stack's SMTP sink (E2E_SINK_URL) and calls the gateway directly.
import { randomBytes } from 'node:crypto';
import { baseUrl, sinkUrl } from './browser';

interface SinkMail {
  subject: string;
  text: string;
  html: string;
  to: string[];
  envelopeTo: string[];
}

export const uniqueEmail = (label: string) => `web-${label}-${randomBytes(5).toString('hex')}@example.test`;

export async function waitForMail(to: string, predicate: (mail: SinkMail) => boolean = () => true, timeoutMs = 15_000) {
  if (!sinkUrl) throw new Error('E2E_SINK_URL is not set');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${sinkUrl}/messages?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: SinkMail[] };
    const found = messages.find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
}

/** The first link in the mail whose path contains `pathPart`, made relative to the app. */
export function appPathIn(mail: SinkMail, pathPart: string): string {
  const match = `${mail.text}\n${mail.html}`.match(new RegExp(`https?://[^\\s"'<>]*${pathPart}[^\\s"'<>]*`));
  if (!match) throw new Error(`no ${pathPart} link in mail "${mail.subject}"`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

export async function apiCall(pathname: string, body?: unknown, init: { method?: string; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** A verified user made through the API (signup + mailed verification link). */
export async function createVerifiedUser(label: string, password = 'secret-pass-1') {
  const email = uniqueEmail(label);
  const signup = await apiCall('/api/auth/signup', { name: `${label} tester`, email, password });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status}`);
  const mail = await waitForMail(email);
  const verifyPath = appPathIn(mail, '/verify-email/');
  const verified = await apiCall(`/api${verifyPath.replace('/verify-email/', '/auth/verify-email/')}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  return { email, password };
}
