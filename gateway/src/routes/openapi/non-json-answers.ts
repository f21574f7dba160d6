// Routes that answer something other than JSON, as they really answer: the OAuth starts and callbacks and the
// click links redirect (302 with Location), the open pixel is a GIF, the unsubscribe pages are HTML, and the
// suppression list goes in and out as CSV, and the email log comes out as CSV. Keyed by method and public path template.
import { SIGN_IN_PROVIDERS } from './sign-in-provider-paths';

type Json = Record<string, unknown>;

const PROVIDER = `(${SIGN_IN_PROVIDERS.join('|')})`;

const location = (description: string): Json => ({
  Location: { description, schema: { type: 'string', format: 'uri' } },
});

const redirect = (description: string, target: string): Record<string, Json> => ({
  '302': { description, headers: location(target) },
});

const SUCCESS: Array<[method: string, path: RegExp, responses: Record<string, Json>]> = [
  [
    'get',
    new RegExp(`^/api/auth/${PROVIDER}$`),
    redirect("Redirect to the provider's sign-in page", "The provider's authorization URL"),
  ],
  [
    'get',
    new RegExp(`^/api/auth/${PROVIDER}/callback$`),
    redirect('Redirect back to the web app, signed in or with the reason sign-in failed', 'A page of the web app'),
  ],
  [
    'get',
    /^\/api\/email-accounts\/\{provider\}\/connect$/,
    redirect("Redirect to the provider's consent page", "The provider's authorization URL"),
  ],
  [
    'get',
    /^\/api\/email-accounts\/\{provider\}\/callback$/,
    redirect("Redirect back to the web app's accounts page with the outcome", 'A page of the web app'),
  ],
  ['get', /^\/t\/c\/\{token\}$/, redirect("Redirect to the link's original URL (the click is recorded)", 'The original URL')],
  [
    'get',
    /^\/t\/o\/\{token\}$/,
    {
      '200': {
        description: 'A transparent 1×1 GIF (the open is recorded)',
        content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  ],
  [
    'get',
    /^\/u\/\{token\}$/,
    {
      '200': {
        description: 'A page asking to confirm the unsubscribe (an unknown link answers 404 with a page saying so)',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
  ],
  [
    'post',
    /^\/u\/\{token\}$/,
    {
      '200': {
        description: 'A page confirming the unsubscribe (an unknown link answers 404 with a page saying so)',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
  ],
  [
    'get',
    /^\/api\/suppressions\/export$/,
    {
      '200': {
        description: 'The list as CSV',
        content: {
          'text/csv': {
            schema: { type: 'string' },
            example: 'email,reason,created_at,email_id\nada@example.com,manual,2025-01-15T09:30:00.000Z,\n',
          },
        },
      },
    },
  ],
  [
    'get',
    /^\/api\/emails\/export\.csv$/,
    {
      '200': {
        description: "The filtered log as CSV (RFC 4180, CRLF; a cell that starts with =, +, - or @ gets a leading ')",
        content: {
          'text/csv': {
            schema: { type: 'string' },
            example:
              'id,created_at,status,from,to,cc,bcc,subject,scheduled_at,sent_at,opened_at,clicked_at,replied_at,error\r\n' +
              '0b9c6f5e-8f3a-4a53-9d6e-2f1f3b2a7c10,2025-01-15T09:30:00.000Z,sent,ada@example.com,alan@example.com,,,Welcome,,' +
              '2025-01-15T09:30:02.000Z,,,,\r\n',
          },
        },
      },
    },
  ],
];

/** The real success answers of a route that does not answer JSON, replacing the service's generic 200; else null. */
export function nonJsonAnswers(method: string, path: string): Record<string, Json> | null {
  for (const [routeMethod, pattern, responses] of SUCCESS) {
    if (routeMethod === method && pattern.test(path)) return structuredClone(responses);
  }
  return null;
}

/** Request bodies the services read raw (their JSON schema lists none). */
export function rawRequestBody(method: string, path: string): Json | null {
  if (method === 'post' && path === '/api/suppressions/import') {
    return {
      required: true,
      description:
        'A CSV of addresses: the `email` column when the first row names one, else the first column; up to 100,000 rows',
      content: { 'text/csv': { schema: { type: 'string' }, example: 'email\nada@example.com\nalan@example.com\n' } },
    };
  }
  if (method === 'post' && path === '/u/{token}') {
    return {
      required: false,
      description: 'RFC 8058 one-click: mail clients post `List-Unsubscribe=One-Click`; the token in the URL decides',
      content: {
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
        },
      },
    };
  }
  return null;
}
