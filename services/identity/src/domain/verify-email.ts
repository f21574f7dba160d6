// Opening the mailed link marks the email verified; the token works once and for 24 hours.
import { AppError } from '@mailwright/kit';
import type { IdentityContext } from '../context';
import { consumeEmailToken } from '../db/queries/email-tokens';
import { updateUser } from '../db/queries/users';
import { hashSecret } from './secret-tokens';

export const INVALID_VERIFICATION_MESSAGE = 'This verification link is invalid or has expired';

export async function verifyEmail(ctx: IdentityContext, token: string): Promise<void> {
  const userId = await consumeEmailToken(ctx.db, hashSecret(token), 'verify_email');
  if (!userId) throw new AppError('BAD_REQUEST', INVALID_VERIFICATION_MESSAGE);
  await updateUser(ctx.db, userId, { isVerified: true });
}
