// Where the browser lands after an OAuth attempt: the accounts page with ?success= or ?error= (spec section 8).
// A success also names the mailbox, so the page can show which mailbox joined the signed-in account.

import type { OAuthConnectError, OAuthEmailProvider } from '@mailwright/contracts';
import { trimTrailingSlash } from '@mailwright/kit';

const accountsPage = (publicUrl: string) => `${trimTrailingSlash(publicUrl)}/email-accounts`;

export const errorRedirect = (publicUrl: string, error: OAuthConnectError) =>
  `${accountsPage(publicUrl)}?error=${encodeURIComponent(error)}`;

export const successRedirect = (publicUrl: string, provider: OAuthEmailProvider, mailbox: string) =>
  `${accountsPage(publicUrl)}?success=${provider}_connected&mailbox=${encodeURIComponent(mailbox)}`;
