// Stores a connected Gmail/Outlook mailbox: a reconnect of the same mailbox updates its row (fresh tokens,
// status back to active); a new mailbox counts against the plan and becomes the default when there is none.
import type { OAuthEmailProvider } from '@mailwright/contracts';
import type { MailboxProfile, OAuthTokens } from '../adapters/mail-providers/provider';
import {
  countUserAccounts,
  findDefaultAccount,
  findUserMailbox,
  insertAccount,
  lockUserAccounts,
  updateUserAccount,
} from '../db/queries/email-accounts';
import type { EmailAccountRow } from '../db/tables';
import type { AccountsDeps } from '../deps';
import { assertCanAddAccount } from './account-limit';

export async function saveOAuthAccount(
  deps: Pick<AccountsDeps, 'db' | 'box' | 'entitlements'>,
  userId: string,
  provider: OAuthEmailProvider,
  profile: MailboxProfile,
  tokens: OAuthTokens & { refreshToken: string },
): Promise<EmailAccountRow> {
  const secrets = {
    secretSealed: deps.box.seal(tokens.refreshToken),
    secretKeyId: deps.box.keyId,
    accessTokenSealed: deps.box.seal(tokens.accessToken),
    accessTokenExpiresAt: tokens.expiresAt,
  };
  const entitlements = await deps.entitlements.get(userId);
  return deps.db.transaction(async (tx) => {
    await lockUserAccounts(tx, userId);
    const existing = await findUserMailbox(tx, userId, provider, profile.email);
    if (existing) {
      const updated = await updateUserAccount(tx, userId, existing.id, {
        ...secrets,
        displayName: profile.displayName,
        status: 'active',
      });
      if (updated) return updated;
    }
    assertCanAddAccount(entitlements, await countUserAccounts(tx, userId));
    return insertAccount(tx, {
      userId,
      provider,
      email: profile.email,
      displayName: profile.displayName,
      isDefault: !(await findDefaultAccount(tx, userId)),
      ...secrets,
    });
  });
}
