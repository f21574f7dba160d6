// Anything a provider answered that stops an OAuth flow. `providerError` is the OAuth error code when the
// provider gave one (invalid_grant tells a revoked grant apart from an outage).
export class OAuthFailure extends Error {
  override name = 'OAuthFailure';

  constructor(
    message: string,
    readonly providerError?: string,
  ) {
    super(message);
  }
}
