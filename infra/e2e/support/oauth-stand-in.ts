// Google for whole-stack tests: an OAuth 2.0 / OpenID Connect server (oauth2-mock-server) that
// approves every authorization request and answers userinfo with one fixed, verified person.
import { GMAIL_READ_SCOPE } from '@mailwright/contracts';
import { Events, OAuth2Server } from 'oauth2-mock-server';

export const GOOGLE_PERSON = {
  sub: 'google-e2e-person',
  email: 'google.person@example.test',
  email_verified: true,
  name: 'Google Person',
  picture: 'https://example.test/google-person.png',
};

/** Everything a Gmail connect asks for, sending and reading (issue 21). */
const GRANTED_SCOPES = ['https://www.googleapis.com/auth/gmail.send', GMAIL_READ_SCOPE, 'openid', 'email', 'profile'].join(' ');

export class GoogleStandIn {
  private readonly server = new OAuth2Server();

  async start(): Promise<void> {
    await this.server.issuer.keys.generate('RS256');
    await this.server.start(0, '127.0.0.1');
    this.server.service.on(Events.BeforeUserinfo, (response) => {
      response.body = GOOGLE_PERSON;
    });
    // Google answers the scopes the person granted; the mock's own answer ('dummy') would read as send-only.
    this.server.service.on(Events.BeforeResponse, (response) => {
      if (typeof response.body === 'object' && response.body && 'access_token' in response.body) {
        (response.body as Record<string, unknown>).scope = GRANTED_SCOPES;
      }
    });
  }

  /** The endpoint settings identity (sign-in) and accounts (Gmail connect) read. */
  env(): Record<string, string> {
    const base = this.server.issuer.url ?? '';
    return {
      GOOGLE_CLIENT_ID: 'e2e-google-client',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_AUTH_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    };
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}
