// Creates a single-use token for a mailed link and sends it. A failed send is logged, not thrown:
// the account change already happened and the user can ask for a new link.

import { trimTrailingSlash } from '@mailwright/kit';
import type { LinkMessage } from '../adapters/system-mailer';
import { insertEmailToken } from '../db/queries/email-tokens';
import type { EmailTokenPurpose } from '../db/schema/email-tokens';
import type { UserRow } from '../db/schema/users';
import type { IdentityDeps } from '../deps';
import { passwordResetMail, verificationMail } from './mails/link-messages';
import { signUpAttemptMail } from './mails/sign-up-attempt-message';
import { generateSecretToken, hashSecret, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './secret-tokens';

export type EmailLinkDeps = Pick<IdentityDeps, 'db' | 'config' | 'mailer' | 'log'>;

export function sendVerificationLink(deps: EmailLinkDeps, user: UserRow): Promise<void> {
  return sendTokenLink(
    deps,
    user,
    { purpose: 'verify_email', ttlMs: VERIFY_EMAIL_TTL_MS, path: 'verify-email' },
    verificationMail,
  );
}

export function sendPasswordResetLink(deps: EmailLinkDeps, user: UserRow): Promise<void> {
  return sendTokenLink(
    deps,
    user,
    { purpose: 'reset_password', ttlMs: RESET_PASSWORD_TTL_MS, path: 'reset-password' },
    passwordResetMail,
  );
}

interface TokenLink {
  purpose: EmailTokenPurpose;
  ttlMs: number;
  /** The web app's page that takes the token: `${PUBLIC_URL}/<path>/<token>`. */
  path: string;
}

async function sendTokenLink(
  deps: EmailLinkDeps,
  user: UserRow,
  { purpose, ttlMs, path }: TokenLink,
  mail: (to: string, name: string, link: string) => LinkMessage,
): Promise<void> {
  const token = generateSecretToken();
  await insertEmailToken(deps.db, {
    userId: user.id,
    purpose,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  await deliver(deps, mail(user.email, user.name, `${publicUrl(deps)}/${path}/${token}`));
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
