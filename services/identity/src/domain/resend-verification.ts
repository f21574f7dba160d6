// "Resend verification email" on /login: a new link for an account that is not verified yet. The answer is the
// same whether or not such an account exists (so it cannot tell who has one), and each address may ask once a
// minute — counted for every address asked, known or not, so the 429 tells nothing either. The gateway also
// limits the route per client address (clientIpThrottledRoutes).
import { AppError } from '@mailwright/kit';
import { findUserByEmail } from '../db/queries/users';
import type { IdentityDeps } from '../deps';
import { normalizeEmail } from './email-address';
import { type EmailLinkDeps, sendVerificationLink } from './issue-email-link';

export const RESEND_VERIFICATION_MESSAGE =
  'If this address has an account that is not verified yet, a new verification link is on its way. Check your inbox.';
export const RESEND_VERIFICATION_THROTTLED =
  'A verification email was sent to this address less than a minute ago. Check your inbox, or try again in a minute.';
/** One new link per address in this many seconds. */
export const RESEND_VERIFICATION_WINDOW_SECONDS = 60;

export type ResendVerificationDeps = Pick<IdentityDeps, 'verificationResends'> & EmailLinkDeps;

export async function resendVerification(deps: ResendVerificationDeps, address: string): Promise<void> {
  const email = normalizeEmail(address);
  if (!(await deps.verificationResends.claim(email))) throw new AppError('RATE_LIMITED', RESEND_VERIFICATION_THROTTLED);
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.isVerified) return;
  // After the answer, so its timing does not tell whether a mail went out.
  sendVerificationLink(deps, user).catch((error: unknown) =>
    deps.log.error({ err: error }, 'could not send the verification mail'),
  );
}
