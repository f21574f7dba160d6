// Sign-up: an unverified user with an argon2id password, and a verification mail. An address that already has
// an account gets the same answer (so sign-up cannot tell who has an account) and its owner a mail instead, at
// most one an hour. Mails go out after the answer either way, so its timing tells nothing either.
import { randomUUID } from 'node:crypto';
import type { SignupBody, User } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { findUserByEmail, insertUser } from '../db/queries/users';
import type { IdentityDeps } from '../deps';
import { cleanDisplayName, NAME_REQUIRED_MESSAGE } from './display-name';
import { normalizeEmail } from './email-address';
import { type EmailLinkDeps, sendSignUpAttemptNotice, sendVerificationLink } from './issue-email-link';
import { presentUser } from './present-user';

export type SignUpDeps = Pick<IdentityDeps, 'figures' | 'signUpNotices' | 'passwords'> & EmailLinkDeps;

export async function signUp(deps: SignUpDeps, body: SignupBody, requestId?: string): Promise<User> {
  const name = cleanDisplayName(body.name).trim();
  if (!name) throw new AppError('VALIDATION_ERROR', NAME_REQUIRED_MESSAGE);
  const email = normalizeEmail(body.email);
  // Hashed either way: the answer for a taken address must not come back faster.
  const passwordHash = await deps.passwords.hash(body.password);
  const user = await insertUser(deps.db, { email, name, passwordHash, isVerified: false });
  if (user) {
    inBackground(deps, 'verification mail', () => sendVerificationLink(deps, user));
    return presentUser(deps, user, requestId);
  }
  const owner = await findUserByEmail(deps.db, email);
  if (owner) {
    inBackground(deps, 'sign-up notice', async () => {
      if (await deps.signUpNotices.claim(owner.id)) await sendSignUpAttemptNotice(deps, owner);
    });
  }
  return lookAlikeNewUser(deps, name, email, requestId);
}

function inBackground(deps: Pick<IdentityDeps, 'log'>, what: string, work: () => Promise<void>): void {
  work().catch((error: unknown) => deps.log.error({ err: error }, `could not send the ${what}`));
}

/** What a brand-new account would answer (its plan figures asked for a fresh id); nothing comes from the existing one. */
async function lookAlikeNewUser(
  deps: Pick<IdentityDeps, 'figures'>,
  name: string,
  email: string,
  requestId?: string,
): Promise<User> {
  const id = randomUUID();
  return {
    _id: id,
    id,
    name,
    email,
    avatar: null,
    isVerified: false,
    hasPassword: true,
    oauthProviders: [],
    ...(await deps.figures.forUser(id, requestId)),
    createdAt: new Date().toISOString(),
  };
}
