// Sign-up: an unverified user with an argon2id password, and a verification mail.
import type { SignupBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { IdentityContext } from '../context';
import { insertUser } from '../db/queries/users';
import type { UserRow } from '../db/schema/users';
import { normalizeEmail } from './email-address';
import { sendVerificationLink } from './issue-email-link';
import { hashPassword } from './passwords';

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';

export async function signUp(ctx: IdentityContext, body: SignupBody): Promise<UserRow> {
  const user = await insertUser(ctx.db, {
    email: normalizeEmail(body.email),
    name: body.name.trim(),
    passwordHash: await hashPassword(body.password),
    isVerified: false,
  });
  if (!user) throw new AppError('CONFLICT', DUPLICATE_EMAIL_MESSAGE);
  await sendVerificationLink(ctx, user);
  return user;
}
