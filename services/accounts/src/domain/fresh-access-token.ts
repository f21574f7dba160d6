// An OAuth account's access token, refreshed when it is within 2 minutes of expiry (cached, sealed, in the row).
// A revoked grant marks the account 'needs_reconnect', mails its owner once, and throws ACCOUNT_NEEDS_RECONNECT.
// Shared by the transport (sending) and the mailbox access (reading, issue 21).
import { GrantRevokedError } from '../adapters/mail-providers/provider';
import { selectAccountForUpdate, updateUserAccount } from '../db/queries/email-accounts';
import type { EmailAccountRow } from '../db/tables';
import type { AccountsDeps } from '../deps';
import { accountNotFound, needsReconnect } from './errors';
import { mailOwnerPaused } from './pause-notice';
import { senderHealthOf } from './sender-health-of';

export type AccessTokenDeps = Pick<AccountsDeps, 'db' | 'box' | 'providers' | 'owners' | 'config' | 'log'>;

export const REFRESH_MARGIN_MS = 2 * 60_000;

const isFresh = (row: EmailAccountRow) =>
  Boolean(
    row.accessTokenSealed && row.accessTokenExpiresAt && row.accessTokenExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS,
  );

export async function freshAccessToken(deps: AccessTokenDeps, row: EmailAccountRow): Promise<string> {
  if (isFresh(row)) return deps.box.open(row.accessTokenSealed!);
  const provider = row.provider === 'gmail' ? deps.providers.gmail : deps.providers.outlook;
  // The row lock makes concurrent workers wait for one refresh instead of each refreshing.
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await selectAccountForUpdate(tx, row.userId, row.id);
    if (!locked) throw accountNotFound();
    if (locked.status === 'needs_reconnect') return { revoked: true, marked: undefined } as const;
    if (isFresh(locked)) return { accessToken: deps.box.open(locked.accessTokenSealed!) } as const;
    try {
      const tokens = await provider.refresh(deps.box.open(locked.secretSealed), locked.grantedScopes);
      await updateUserAccount(tx, locked.userId, locked.id, {
        accessTokenSealed: deps.box.seal(tokens.accessToken),
        accessTokenExpiresAt: tokens.expiresAt,
        // Providers may rotate the refresh token; keep the newest.
        ...(tokens.refreshToken ? { secretSealed: deps.box.seal(tokens.refreshToken), secretKeyId: deps.box.keyId } : {}),
      });
      return { accessToken: tokens.accessToken } as const;
    } catch (error) {
      if (!(error instanceof GrantRevokedError)) throw error;
      const marked = await updateUserAccount(tx, locked.userId, locked.id, {
        status: 'needs_reconnect',
        accessTokenSealed: null,
        accessTokenExpiresAt: null,
      });
      return { revoked: true, marked } as const;
    }
  });
  if ('revoked' in outcome) {
    if (outcome.marked) mailOwnerPaused(deps, outcome.marked, senderHealthOf(outcome.marked));
    throw needsReconnect(row);
  }
  return outcome.accessToken;
}
