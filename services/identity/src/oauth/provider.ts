// What every social sign-in provider offers: an authorization URL and, for a code, the person's verified profile.
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

export interface OAuthProvider {
  readonly name: ProviderName;
  /** Whether the authorization request carries a PKCE (S256) challenge. */
  readonly usesPkce: boolean;
  readonly isConfigured: boolean;
  authorizationUrl(request: { state: string; redirectUri: string; codeChallenge?: string }): string;
  fetchProfile(request: { code: string; redirectUri: string; codeVerifier?: string }): Promise<ProviderProfile>;
}

/** Anything the provider answered that stops the sign-in; the user sees oauth_failed. */
export class OAuthFailure extends Error {
  override name = 'OAuthFailure';
}

const TIMEOUT_MS = 10_000;

/** fetch + JSON with a timeout; non-2xx or unreadable answers become OAuthFailure. */
export async function fetchJson<T>(url: string, init: RequestInit & { what: string }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthFailure(`${init.what} request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) throw new OAuthFailure(`${init.what} answered ${response.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new OAuthFailure(`${init.what} answered something that is not JSON`);
  }
}

/** Authorization-code exchange at a token endpoint (client_secret_post): the access token and, for OIDC, the ID token. */
export async function exchangeCode(
  tokenUrl: string,
  params: Record<string, string | undefined>,
  extraHeaders: Record<string, string> = {},
): Promise<{ accessToken: string; idToken?: string }> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) body.set(key, value);
  const answer = await fetchJson<{ access_token?: unknown; id_token?: unknown; error?: unknown }>(tokenUrl, {
    what: 'Token endpoint',
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...extraHeaders },
    body,
  });
  if (typeof answer.access_token !== 'string' || !answer.access_token) {
    throw new OAuthFailure(`Token endpoint gave no access token (${String(answer.error ?? 'no error given')})`);
  }
  return {
    accessToken: answer.access_token,
    idToken: typeof answer.id_token === 'string' && answer.id_token ? answer.id_token : undefined,
  };
}
