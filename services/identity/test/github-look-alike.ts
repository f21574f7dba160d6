// A small local server that speaks GitHub's OAuth app protocol: authorize, access_token, /user, /user/emails.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHubAccount {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean; visibility: string | null }>;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export class GitHubLookAlike {
  /** The account the next authorization signs in as. */
  account: GitHubAccount | undefined;
  private readonly codes = new Map<string, { account: GitHubAccount; redirectUri: string; clientId: string }>();
  private readonly tokens = new Map<string, GitHubAccount>();
  private server: Server | undefined;

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request)
        .then(({ status, body, location }) => {
          if (location) response.setHeader('location', location);
          if (body !== undefined) response.setHeader('content-type', 'application/json');
          response.statusCode = status;
          response.end(body === undefined ? undefined : JSON.stringify(body));
        })
        .catch(() => {
          response.statusCode = 500;
          response.end();
        });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body?: unknown; location?: string }> {
    const url = new URL(request.url ?? '/', 'http://github.test');
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const target = new URL(redirectUri);
      const state = url.searchParams.get('state');
      if (state) target.searchParams.set('state', state);
      if (!this.account) {
        target.searchParams.set('error', 'access_denied');
        return { status: 302, location: target.toString() };
      }
      const code = randomUUID();
      this.codes.set(code, { account: this.account, redirectUri, clientId: url.searchParams.get('client_id') ?? '' });
      target.searchParams.set('code', code);
      return { status: 302, location: target.toString() };
    }
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = new URLSearchParams(await readBody(request));
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      if (
        !grant ||
        form.get('client_id') !== this.clientId ||
        form.get('client_secret') !== this.clientSecret ||
        grant.clientId !== this.clientId ||
        form.get('redirect_uri') !== grant.redirectUri
      ) {
        return {
          status: 200,
          body: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' },
        };
      }
      const token = `gho_${randomUUID().replaceAll('-', '')}`;
      this.tokens.set(token, grant.account);
      return { status: 200, body: { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' } };
    }
    const account = this.tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!account) return { status: 401, body: { message: 'Bad credentials' } };
    if (request.method === 'GET' && url.pathname === '/user') {
      const { emails: _emails, ...user } = account;
      return { status: 200, body: user };
    }
    if (request.method === 'GET' && url.pathname === '/user/emails') return { status: 200, body: account.emails };
    return { status: 404, body: { message: 'Not Found' } };
  }
}
