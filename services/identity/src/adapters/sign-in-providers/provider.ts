// What every social sign-in provider offers: an authorization URL and, for a code, the person's verified profile.
import type { OAuthClient } from '@mailwright/kit';

export const PROVIDER_NAMES = ['google', 'github', 'microsoft'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const isProviderName = (value: string): value is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(value);

export interface ProviderProfile {
  providerUserId: string;
  email: string;
  /** True only on the provider's positive evidence that the person owns `email`; sign-in never links by an unverified one. */
  isEmailVerified: boolean;
  name: string;
  avatar: string | null;
}

export interface SignInProvider {
  readonly name: ProviderName;
  readonly client: OAuthClient;
  /** Whether the authorization request carries a PKCE (S256) challenge. */
  readonly usesPkce: boolean;
  authorizationUrl(request: { state: string; redirectUri: string; codeChallenge?: string }): string;
  /** Throws OAuthFailure (kit) for anything the provider answered that stops the sign-in. */
  fetchProfile(request: { code: string; redirectUri: string; codeVerifier?: string }): Promise<ProviderProfile>;
}

/** An http(s) picture URL as given, else null. */
export const httpUrlOrNull = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
