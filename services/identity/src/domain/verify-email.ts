// Opening the mailed link marks the email verified; the token works once and for 24 hours.
import { AppError } from '@mailwright/kit';
import { consumeEmailToken } from '../db/queries/email-tokens';
import { updateUser } from '../db/queries/users';
import type { IdentityDeps } from '../deps';
import { hashSecret } from './secret-tokens';

export const INVALID_VERIFICATION_MESSAGE = 'This verification link is invalid or has expired';

export async function verifyEmail(deps: Pick<IdentityDeps, 'db'>, token: string): Promise<void> {
  const userId = await consumeEmailToken(deps.db, hashSecret(token), 'verify_email');
  if (!userId) throw new AppError('BAD_REQUEST', INVALID_VERIFICATION_MESSAGE);
  await updateUser(deps.db, userId, { isVerified: true });
}
