// Drives the browser's side of the connect flow: ticket → /connect (302 + cookie) → provider authorize
// (real HTTP to the mock) → /callback (302 to the accounts page).
import { internalHeaders, userHeaders } from '@mailwright/kit/testing';
import type { FastifyInstance } from 'fastify';

export interface FlowResult {
  /** Where /connect sent the browser (the provider's authorize URL, or the accounts page on error). */
  authorizeUrl: string;
  /** Where the provider sent the browser back to (the public callback URL). */
  callbackUrl?: string;
  /** Where the callback sent the browser (the accounts page with success= or error=). */
  finalUrl?: string;
  cookie?: string;
}

export const publicHeaders = () => internalHeaders({ kind: 'public' });

/** The service path behind a public /api/email-accounts/* URL (the gateway strips /api). */
export const servicePath = (url: string) => {
  const parsed = new URL(url, 'http://placeholder');
  return `${parsed.pathname.replace(/^\/api/, '')}${parsed.search}`;
};

export async function issueTicket(app: FastifyInstance, userId: string, provider: 'gmail' | 'outlook'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/email-accounts/connect-ticket',
    headers: await userHeaders(userId),
    payload: { provider },
  });
  if (response.statusCode !== 200) throw new Error(`ticket: ${response.statusCode} ${response.body}`);
  return response.json().data.url;
}

export async function startConnect(app: FastifyInstance, ticketUrl: string): Promise<{ location: string; cookie?: string }> {
  const response = await app.inject({ method: 'GET', url: servicePath(ticketUrl), headers: await publicHeaders() });
  if (response.statusCode !== 302) throw new Error(`connect: ${response.statusCode} ${response.body}`);
  const setCookie = response.headers['set-cookie'];
  const cookie = typeof setCookie === 'string' ? setCookie.split(';')[0] : undefined;
  return { location: String(response.headers.location), cookie };
}

export async function visitProvider(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`authorize: ${response.status} ${await response.text()}`);
  return location;
}

export async function finishConnect(app: FastifyInstance, callbackUrl: string, cookie?: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: servicePath(callbackUrl),
    headers: { ...(await publicHeaders()), ...(cookie ? { cookie } : {}) },
  });
  if (response.statusCode !== 302) throw new Error(`callback: ${response.statusCode} ${response.body}`);
  return String(response.headers.location);
}

export async function connectMailbox(app: FastifyInstance, userId: string, provider: 'gmail' | 'outlook'): Promise<FlowResult> {
  const { location: authorizeUrl, cookie } = await startConnect(app, await issueTicket(app, userId, provider));
  const callbackUrl = await visitProvider(authorizeUrl);
  const finalUrl = await finishConnect(app, callbackUrl, cookie);
  return { authorizeUrl, callbackUrl, finalUrl, cookie };
}
