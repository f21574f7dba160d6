// Change password: the current one must match (wrong guesses are throttled per user); OAuth-only accounts
// have none to change. Every other session ends; this one continues with the fresh token answered.
import { type ChangePasswordBody, OAUTH_ONLY_PASSWORD_MESSAGE } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { bumpSessionVersion, findUserById, updateUser } from '../db/queries/users';
import type { IdentityDeps } from '../deps';
import { tooManyPasswordChecks } from './throttles';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';

export async function changePassword(
  deps: Pick<IdentityDeps, 'db' | 'throttles' | 'revocations' | 'sessions' | 'passwords'>,
  userId: string,
  body: ChangePasswordBody,
): Promise<{ token: string }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Account not found');
  if (!user.passwordHash) throw new AppError('BAD_REQUEST', OAUTH_ONLY_PASSWORD_MESSAGE);
  const lockedForMs = await deps.throttles.passwordChanges.takeSlot(userId);
  if (lockedForMs > 0) throw tooManyPasswordChecks(lockedForMs);
  if (!(await deps.passwords.verify(user.passwordHash, body.currentPassword))) {
    throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  await deps.throttles.passwordChanges.reset(userId);
  const passwordHash = await deps.passwords.hash(body.newPassword);
  const sessionVersion = await deps.db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    return bumpSessionVersion(tx, userId);
  });
  if (sessionVersion === undefined) throw new AppError('UNAUTHORIZED', 'Account not found');
  await deps.revocations.publish({ kind: 'sessions', userId, sessionVersion });
  return { token: await deps.sessions.sign(userId, sessionVersion) };
}
