// Which granted OAuth scopes let the mail worker read a mailbox (issue 21). Google names scopes by URL; Graph
// names them bare (Mail.Read) or by resource (https://graph.microsoft.com/Mail.Read). A broader grant reads too.
import { GMAIL_READ_SCOPE, type OAuthEmailProvider, OUTLOOK_READ_SCOPE } from '@mailwright/contracts';

export const READ_SCOPES: Record<OAuthEmailProvider, readonly string[]> = {
  gmail: [GMAIL_READ_SCOPE, 'https://www.googleapis.com/auth/gmail.modify', 'https://mail.google.com/'],
  outlook: [
    OUTLOOK_READ_SCOPE,
    `https://graph.microsoft.com/${OUTLOOK_READ_SCOPE}`,
    'Mail.ReadWrite',
    'https://graph.microsoft.com/Mail.ReadWrite',
  ],
};

/** Whether `grantedScopes` (null: recorded before issue 21, send only) include a read scope of `provider`. */
export function grantsMailboxRead(provider: OAuthEmailProvider, grantedScopes: readonly string[] | null): boolean {
  return grantedScopes?.some((scope) => READ_SCOPES[provider].includes(scope)) ?? false;
}
