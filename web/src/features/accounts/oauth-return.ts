// The notice for an OAuth connect return (?success= / ?error= on /email-accounts), spec section 8.
import { OAUTH_ERROR_MESSAGES, OAUTH_SUCCESS_MESSAGES, OAUTH_UNKNOWN_ERROR_MESSAGE } from '@mailwright/contracts';

export type OAuthReturnNotice = { kind: 'success' | 'error'; message: string } | null;

export function oauthReturnNotice(params: URLSearchParams): OAuthReturnNotice {
  const error = params.get('error');
  if (error !== null) {
    const known = Object.hasOwn(OAUTH_ERROR_MESSAGES, error)
      ? OAUTH_ERROR_MESSAGES[error as keyof typeof OAUTH_ERROR_MESSAGES]
      : undefined;
    return { kind: 'error', message: known ?? OAUTH_UNKNOWN_ERROR_MESSAGE };
  }
  const success = params.get('success');
  if (success !== null && Object.hasOwn(OAUTH_SUCCESS_MESSAGES, success)) {
    return { kind: 'success', message: OAUTH_SUCCESS_MESSAGES[success as keyof typeof OAUTH_SUCCESS_MESSAGES] };
  }
  return null;
}
