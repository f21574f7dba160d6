// Password sign-in. Unknown email, wrong password and OAuth-only accounts all answer the same 401; every
// address (known or not) counts its failures, so the account lock cannot tell who has an account either.
import { createHmac } from 'node:crypto';
import type { LoginBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { issuedRecently } from '../db/queries/email-tokens';
import { findUserByEmail, replacePasswordHash } from '../db/queries/users';
import type { UserRow } from '../db/schema/users';
import type { IdentityDeps } from '../deps';
import { refuseIfDisabled } from './disabled-account';
import { normalizeEmail } from './email-address';
import { type EmailLinkDeps, sendVerificationLink } from './issue-email-link';
import { tooManyLogins } from './throttles';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email before logging in. Check your inbox for the verification link.';
/** A refused unverified login re-sends the link, but not more often than this. */
const RESEND_AFTER_SECONDS = 5 * 60;

export type LogInDeps = Pick<IdentityDeps, 'throttles' | 'sessions' | 'passwords'> & EmailLinkDeps;

export async function logIn(deps: LogInDeps, body: LoginBody): Promise<{ token: string; user: UserRow }> {
  const email = normalizeEmail(body.email);
  const user = await findUserByEmail(deps.db, email);
  const subject = user?.id ?? addressKey(deps, email);
  const lockedForMs = await deps.throttles.logins.takeSlot(subject);
  if (lockedForMs > 0) throw tooManyLogins(lockedForMs);
  const isValid = await deps.passwords.verify(user?.passwordHash, body.password);
  if (!user || !isValid) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
  await deps.throttles.logins.reset(subject);
  // Only after the password checked out: refusing earlier would tell anyone that the address has an account.
  refuseIfDisabled(user);
  if (!user.isVerified) {
    if (!(await issuedRecently(deps.db, user.id, 'verify_email', RESEND_AFTER_SECONDS))) await sendVerificationLink(deps, user);
    throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE, { details: { requiresVerification: true } });
  }
  await rehashIfOutdated(deps, user, body.password);
  return { token: await deps.sessions.sign(user.id, user.sessionVersion, body.rememberMe === true), user };
}

/** Brings a hash made at another cost to the configured one. A failure here is logged, never fails the sign-in. */
async function rehashIfOutdated(deps: LogInDeps, user: UserRow, password: string): Promise<void> {
  const verified = user.passwordHash;
  try {
    if (!verified || !deps.passwords.needsRehash(verified)) return;
    // Conditional on the hash just verified, so a password changed meanwhile is not overwritten.
    await replacePasswordHash(deps.db, user.id, verified, await deps.passwords.hash(password));
  } catch (error) {
    deps.log.warn({ err: error, userId: user.id }, 'could not rehash the password at the configured cost');
  }
}

/** Addresses without an account are counted under a keyed hash (the address itself never reaches Redis). */
const addressKey = (deps: Pick<IdentityDeps, 'config'>, email: string) =>
  `address:${createHmac('sha256', deps.config.INTERNAL_SECRET).update(email).digest('base64url')}`;
