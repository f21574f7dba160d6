// Opening the mailed link marks the email verified; the token works once and for 24 hours.
import { consumeEmailToken } from '../db/queries/email-tokens';
import { updateUser } from '../db/queries/users';
import type { IdentityDeps } from '../deps';
import { linkFailure } from './email-link-failure';
import { hashSecret } from './secret-tokens';

export async function verifyEmail(deps: Pick<IdentityDeps, 'db'>, token: string): Promise<void> {
  const userId = await consumeEmailToken(deps.db, hashSecret(token), 'verify_email');
  if (!userId) throw await linkFailure(deps.db, token, 'verify_email');
  await updateUser(deps.db, userId, { isVerified: true });
}
