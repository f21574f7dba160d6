// What the connect flow and the transport endpoint need from an OAuth mail provider (Gmail, Outlook).
import type { OAuthEmailProvider } from '@mailwright/contracts';
import { type OAuthClient, trimTrailingSlash } from '@mailwright/kit';

export interface OAuthTokens {
  accessToken: string;
  /** Absent when the provider did not grant offline access (or kept the old one on refresh). */
  refreshToken: string | null;
  expiresAt: Date;
  /** The scopes the user granted (the token answer's `scope`; the ones asked for when the provider names none). */
  grantedScopes: string[];
}

export interface MailboxProfile {
  email: string;
  displayName: string;
}

export interface OAuthMailProvider {
  readonly name: OAuthEmailProvider;
  /** Its endpoints and credentials; without credentials the flow answers oauth_config_error. */
  readonly client: OAuthClient;
  authorizationUrl(input: { state: string; codeChallenge: string }): string;
  exchangeCode(code: string, codeVerifier: string): Promise<OAuthTokens>;
  fetchProfile(accessToken: string): Promise<MailboxProfile>;
  /**
   * Throws GrantRevokedError when the provider answers invalid_grant. `grantedScopes` are the account's (null:
   * connected before they were recorded): a provider that names scopes on refresh must not ask for more.
   */
  refresh(refreshToken: string, grantedScopes: string[] | null): Promise<OAuthTokens>;
  /** Where the mail worker sends through: the Gmail API base or the Graph base. */
  readonly apiUrl: string;
}

export type OAuthProviders = Record<OAuthEmailProvider, OAuthMailProvider>;

/** The grant behind a refresh token is gone (revoked, expired, password changed): the user must reconnect. */
export class GrantRevokedError extends Error {
  constructor(detail: string) {
    super(`OAuth grant revoked: ${detail}`);
    this.name = 'GrantRevokedError';
  }
}

/** A stuck provider must not hold a browser redirect or a worker's transport request for long. */
export const PROVIDER_TIMEOUT_MS = 15_000;

export const redirectUriFor = (publicUrl: string, provider: OAuthEmailProvider) =>
  `${trimTrailingSlash(publicUrl)}/api/email-accounts/${provider}/callback`;

export const expiresAtFrom = (expiresInSeconds: number | undefined) =>
  new Date(Date.now() + (expiresInSeconds && expiresInSeconds > 0 ? expiresInSeconds : 3600) * 1000);

/** A token answer's space-separated `scope`, or `asked` when it names none (RFC 6749 section 5.1). */
export function grantedScopesOf(scope: string | null | undefined, asked: readonly string[]): string[] {
  const named = scope?.split(' ').filter(Boolean) ?? [];
  return named.length > 0 ? named : [...asked];
}

/** The mailbox a profile answer names, displayed by its name or else its address; `source` words the error. */
export function mailboxProfile(
  source: string,
  email: string | null | undefined,
  name: string | null | undefined,
): MailboxProfile {
  if (!email) throw new Error(`${source} did not return the mailbox address`);
  return { email, displayName: name?.trim() || email };
}

/** Runs a token refresh; the provider's invalid_grant answer (read by `oauthErrorOf`) becomes GrantRevokedError. */
export async function refreshUnlessRevoked(
  provider: string,
  oauthErrorOf: (error: unknown) => string | undefined,
  refresh: () => Promise<OAuthTokens>,
): Promise<OAuthTokens> {
  try {
    return await refresh();
  } catch (error) {
    if (oauthErrorOf(error) === 'invalid_grant') throw new GrantRevokedError(`${provider} answered invalid_grant`);
    throw error;
  }
}
