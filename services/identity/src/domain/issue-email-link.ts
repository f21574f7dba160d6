// Creates a single-use token for a mailed link and sends it. A failed send is logged, not thrown:
// the account change already happened and the user can ask for a new link.

import type { IdentityContext } from '../context';
import { insertEmailToken } from '../db/queries/email-tokens';
import type { UserRow } from '../db/schema/users';
import { passwordResetMail, verificationMail } from '../mail/link-messages';
import { signUpAttemptMail } from '../mail/sign-up-attempt-message';
import { generateSecretToken, hashSecret, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './secret-tokens';

export async function sendVerificationLink(ctx: IdentityContext, user: UserRow): Promise<void> {
  const token = generateSecretToken();
  await insertEmailToken(ctx.db, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + VERIFY_EMAIL_TTL_MS),
  });
  const link = `${publicUrl(ctx)}/verify-email/${token}`;
  await deliver(ctx, verificationMail(user.email, user.name, link));
}

export async function sendPasswordResetLink(ctx: IdentityContext, user: UserRow): Promise<void> {
  const token = generateSecretToken();
  await insertEmailToken(ctx.db, {
    userId: user.id,
    purpose: 'reset_password',
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + RESET_PASSWORD_TTL_MS),
  });
  const link = `${publicUrl(ctx)}/reset-password/${token}`;
  await deliver(ctx, passwordResetMail(user.email, user.name, link));
}

/** Someone signed up with this existing account's address: tell the owner, with ways in (no token needed). */
export async function sendSignUpAttemptNotice(ctx: IdentityContext, user: UserRow): Promise<void> {
  const base = publicUrl(ctx);
  await deliver(ctx, signUpAttemptMail(user.email, user.name, { signIn: `${base}/login`, reset: `${base}/forgot-password` }));
}

const publicUrl = (ctx: IdentityContext) => ctx.config.PUBLIC_URL.replace(/\/+$/, '');

async function deliver(ctx: IdentityContext, message: Parameters<IdentityContext['mailer']['send']>[0]): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    ctx.log.error({ err: error, to: message.to }, `Could not send "${message.subject}" mail`);
  }
}
