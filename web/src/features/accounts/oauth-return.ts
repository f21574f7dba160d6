// The notice for an OAuth connect return (?success= / ?error= on /email-accounts), spec section 8. A success
// also says which mailbox joined which Mailwright account (?mailbox=), so a connect someone else started
// in this browser cannot go unnoticed.
import { OAUTH_ERROR_MESSAGES, OAUTH_SUCCESS_MESSAGES, OAUTH_UNKNOWN_ERROR_MESSAGE } from '@mailwright/contracts';

export type OAuthReturnNotice = { kind: 'success' | 'error'; message: string; detail?: string } | null;

/** The query parameters an OAuth return adds to the accounts page (removed once the notice is shown). */
export const OAUTH_RETURN_PARAMS = ['success', 'error', 'mailbox'] as const;

export function connectedMailboxDetail(mailbox: string | null, signedInEmail: string | undefined): string | undefined {
  if (!mailbox) return undefined;
  return signedInEmail
    ? `${mailbox} is now connected to your Mailwright account ${signedInEmail}.`
    : `${mailbox} is now connected to your Mailwright account.`;
}

export function oauthReturnNotice(params: URLSearchParams, signedInEmail?: string): OAuthReturnNotice {
  const error = params.get('error');
  if (error !== null) {
    const known = Object.hasOwn(OAUTH_ERROR_MESSAGES, error)
      ? OAUTH_ERROR_MESSAGES[error as keyof typeof OAUTH_ERROR_MESSAGES]
      : undefined;
    return { kind: 'error', message: known ?? OAUTH_UNKNOWN_ERROR_MESSAGE };
  }
  const success = params.get('success');
  if (success !== null && Object.hasOwn(OAUTH_SUCCESS_MESSAGES, success)) {
    const detail = connectedMailboxDetail(params.get('mailbox'), signedInEmail);
    return {
      kind: 'success',
      message: OAUTH_SUCCESS_MESSAGES[success as keyof typeof OAUTH_SUCCESS_MESSAGES],
      ...(detail ? { detail } : {}),
    };
  }
  return null;
}
