// Stores a connected Gmail/Outlook mailbox: a reconnect of the same mailbox updates its row (fresh tokens and
// granted scopes, status and health back to active, a new feedback generation, the reading opt-in kept); a new
// mailbox counts against the plan, becomes the default when there is none, and reads its mailbox back (issue 21).
import type { OAuthEmailProvider } from '@mailwright/contracts';
import type { MailboxProfile, OAuthTokens } from '../adapters/mail-providers/provider';
import {
  countUserAccounts,
  findDefaultAccount,
  findUserMailbox,
  insertAccount,
  lockUserAccounts,
} from '../db/queries/email-accounts';
import type { AccountsDeps } from '../deps';
import { assertCanAddAccount } from './account-limit';
import { newFeedbackGeneration } from './feedback-generation';
import { type Resumed, updateResuming } from './sender-resumption';

export async function saveOAuthAccount(
  deps: Pick<AccountsDeps, 'db' | 'box' | 'entitlements'>,
  userId: string,
  provider: OAuthEmailProvider,
  profile: MailboxProfile,
  tokens: OAuthTokens & { refreshToken: string },
  requestId?: string,
): Promise<Resumed> {
  const secrets = {
    secretSealed: deps.box.seal(tokens.refreshToken),
    secretKeyId: deps.box.keyId,
    accessTokenSealed: deps.box.seal(tokens.accessToken),
    accessTokenExpiresAt: tokens.expiresAt,
    grantedScopes: tokens.grantedScopes,
  };
  const entitlements = await deps.entitlements.get(userId, { requestId });
  return deps.db.transaction(async (tx) => {
    await lockUserAccounts(tx, userId);
    const existing = await findUserMailbox(tx, userId, provider, profile.email);
    if (existing) {
      const updated = await updateResuming(tx, userId, existing.id, {
        ...secrets,
        ...newFeedbackGeneration(),
        displayName: profile.displayName,
        status: 'active',
      });
      if (updated) return updated;
    }
    assertCanAddAccount(entitlements, await countUserAccounts(tx, userId));
    const row = await insertAccount(tx, {
      userId,
      provider,
      email: profile.email,
      displayName: profile.displayName,
      isDefault: !(await findDefaultAccount(tx, userId)),
      ...secrets,
      feedbackEnabled: true,
    });
    return { row, resumed: false };
  });
}
