// Password sign-in. Unknown email, wrong password and OAuth-only accounts all answer the same 401.
import type { LoginBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { IdentityContext } from '../context';
import { issuedRecently } from '../db/queries/email-tokens';
import { findUserByEmail } from '../db/queries/users';
import type { UserRow } from '../db/schema/users';
import { normalizeEmail } from './email-address';
import { sendVerificationLink } from './issue-email-link';
import { verifyPassword } from './passwords';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email before logging in. Check your inbox for the verification link.';
/** A refused unverified login re-sends the link, but not more often than this. */
const RESEND_AFTER_SECONDS = 5 * 60;

export async function logIn(ctx: IdentityContext, body: LoginBody): Promise<{ token: string; user: UserRow }> {
  const user = await findUserByEmail(ctx.db, normalizeEmail(body.email));
  const isValid = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !isValid) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
  if (!user.isVerified) {
    if (!(await issuedRecently(ctx.db, user.id, 'verify_email', RESEND_AFTER_SECONDS))) await sendVerificationLink(ctx, user);
    throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE, { requiresVerification: true });
  }
  return { token: await ctx.sessions.sign(user.id, body.rememberMe === true), user };
}
