// Creates a single-use token for a mailed link and sends it. A failed send is logged, not thrown:
// the account change already happened and the user can ask for a new link.

import { trimTrailingSlash } from '@mailwright/kit';
import type { LinkMessage } from '../adapters/system-mailer';
import { insertEmailToken } from '../db/queries/email-tokens';
import type { UserRow } from '../db/schema/users';
import type { IdentityDeps } from '../deps';
import { passwordResetMail, verificationMail } from './mails/link-messages';
import { signUpAttemptMail } from './mails/sign-up-attempt-message';
import { generateSecretToken, hashSecret, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './secret-tokens';

export type EmailLinkDeps = Pick<IdentityDeps, 'db' | 'config' | 'mailer' | 'log'>;

export async function sendVerificationLink(deps: EmailLinkDeps, user: UserRow): Promise<void> {
  const token = generateSecretToken();
  await insertEmailToken(deps.db, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + VERIFY_EMAIL_TTL_MS),
  });
  const link = `${publicUrl(deps)}/verify-email/${token}`;
  await deliver(deps, verificationMail(user.email, user.name, link));
}

export async function sendPasswordResetLink(deps: EmailLinkDeps, user: UserRow): Promise<void> {
  const token = generateSecretToken();
  await insertEmailToken(deps.db, {
    userId: user.id,
    purpose: 'reset_password',
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + RESET_PASSWORD_TTL_MS),
  });
  const link = `${publicUrl(deps)}/reset-password/${token}`;
  await deliver(deps, passwordResetMail(user.email, user.name, link));
}

/** Someone signed up with this existing account's address: tell the owner, with ways in (no token needed). */
export async function sendSignUpAttemptNotice(deps: EmailLinkDeps, user: UserRow): Promise<void> {
  const base = publicUrl(deps);
  await deliver(deps, signUpAttemptMail(user.email, user.name, { signIn: `${base}/login`, reset: `${base}/forgot-password` }));
}

const publicUrl = (deps: EmailLinkDeps) => trimTrailingSlash(deps.config.PUBLIC_URL);

async function deliver(deps: EmailLinkDeps, message: LinkMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ err: error, to: message.to }, `Could not send "${message.subject}" mail`);
  }
}
