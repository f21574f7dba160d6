// Change password: the current one must match; OAuth-only accounts have none to change.
import { type ChangePasswordBody, OAUTH_ONLY_PASSWORD_MESSAGE } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { IdentityContext } from '../context';
import { findUserById, updateUser } from '../db/queries/users';
import { hashPassword, verifyPassword } from './passwords';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';

export async function changePassword(ctx: IdentityContext, userId: string, body: ChangePasswordBody): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Account not found');
  if (!user.passwordHash) throw new AppError('BAD_REQUEST', OAUTH_ONLY_PASSWORD_MESSAGE);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  await updateUser(ctx.db, userId, { passwordHash: await hashPassword(body.newPassword) });
}
