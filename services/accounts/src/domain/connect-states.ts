// The connect flow's OAuth states: bound to the user, the provider and the starting browser, carrying the
// sealed PKCE verifier (the flow keeps nothing server-side between its two legs).
import { OAuthStates, type SecretBox } from '@mailwright/kit';

export const connectStates = (internalSecret: string, box: SecretBox) =>
  new OAuthStates({ secret: internalSecret, issuer: 'mailwright-accounts', audience: 'mailwright-accounts-oauth-state', box });
