// Drives the browser's side of the connect flow: ticket (its cookie) → /connect (302 + binding cookie) →
// provider authorize (real HTTP to the mock) → /callback (302 to the accounts page).
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

/** What the signed-in page got for a ticket: the URL to navigate to and the cookie its browser now holds. */
export interface IssuedTicket {
  url: string;
  /** `name=value` of the ticket cookie, as the browser would send it. */
  cookie: string;
  /** The whole Set-Cookie header (attributes included). */
  setCookie: string;
}

/** The `name=value` pairs a response sets, the ones that clear a cookie included (as empty values). */
export function cookiesSet(header: string | string[] | undefined): Map<string, string> {
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return new Map(
    lines.map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
}

export async function issueTicket(app: FastifyInstance, userId: string, provider: 'gmail' | 'outlook'): Promise<IssuedTicket> {
  const response = await app.inject({
    method: 'POST',
    url: '/email-accounts/connect-ticket',
    headers: await userHeaders(userId),
    payload: { provider },
  });
  if (response.statusCode !== 200) throw new Error(`ticket: ${response.statusCode} ${response.body}`);
  const setCookie = String(response.headers['set-cookie']);
  return { url: response.json().data.url, cookie: setCookie.split(';')[0] ?? '', setCookie };
}

/** Opens the start URL in a browser holding `cookie` (the ticket's own cookie unless told otherwise). */
export async function openStart(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({
    method: 'GET',
    url: servicePath(url),
    headers: { ...(await publicHeaders()), ...(cookie ? { cookie } : {}) },
  });
}

export async function startConnect(app: FastifyInstance, ticket: IssuedTicket): Promise<{ location: string; cookie?: string }> {
  const response = await openStart(app, ticket.url, ticket.cookie);
  if (response.statusCode !== 302) throw new Error(`connect: ${response.statusCode} ${response.body}`);
  const binding = [...cookiesSet(response.headers['set-cookie'])].find(([name, value]) => name.startsWith('mw_oauth_') && value);
  return { location: String(response.headers.location), cookie: binding ? `${binding[0]}=${binding[1]}` : undefined };
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
