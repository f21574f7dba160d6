// Forgot / reset password. Forgot always answers the same way so it cannot reveal who has an account.
import { consumeEmailToken, retireEmailTokens } from '../db/queries/email-tokens';
import { unlinkProviderIdentities } from '../db/queries/oauth-identities';
import { bumpSessionVersion, findUserByEmail, findUserById, updateUser } from '../db/queries/users';
import type { IdentityDeps } from '../deps';
import { normalizeEmail } from './email-address';
import { linkFailure } from './email-link-failure';
import { type EmailLinkDeps, sendPasswordResetLink } from './issue-email-link';
import { hashSecret } from './secret-tokens';

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, a reset link has been sent.';

/** Starts the reset in the background so the answer takes the same time whether or not the account exists. */
export function requestPasswordReset(deps: EmailLinkDeps, email: string): void {
  const work = async () => {
    const user = await findUserByEmail(deps.db, normalizeEmail(email));
    if (user) await sendPasswordResetLink(deps, user);
  };
  work().catch((error: unknown) => deps.log.error({ err: error }, 'password reset request failed'));
}

export async function resetPassword(
  deps: Pick<IdentityDeps, 'db' | 'revocations' | 'throttles' | 'passwords'>,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await deps.passwords.hash(password);
  const { userId, sessionVersion } = await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, hashSecret(token), 'reset_password');
    if (!userId) throw await linkFailure(tx, token, 'reset_password');
    await retireEmailTokens(tx, userId, 'reset_password');
    // An account never verified may carry a provider link made with an address that provider did not verify
    // (someone else's sign-in): the owner taking the account over by mail drops it.
    if ((await findUserById(tx, userId))?.isVerified === false) await unlinkProviderIdentities(tx, userId);
    // Following the mailed link proves the address belongs to them.
    await updateUser(tx, userId, { passwordHash, isVerified: true });
    // Whoever knew the old password may hold a session: a reset ends them all.
    return { userId, sessionVersion: await bumpSessionVersion(tx, userId) };
  });
  if (sessionVersion !== undefined) await deps.revocations.publish({ kind: 'sessions', userId, sessionVersion });
  // The mailed link proved who they are: guesses by others no longer keep them out of password sign-in.
  await deps.throttles.logins.reset(userId);
}
