// The signed-in user as the web app shows it (GET /auth/me); a token of a deleted account answers 401.
import type { User } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { findUserById } from '../db/queries/users';
import type { IdentityDeps } from '../deps';
import { presentUser } from './present-user';

export async function currentUser(deps: Pick<IdentityDeps, 'db' | 'figures'>, userId: string, requestId?: string): Promise<User> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Account not found');
  return presentUser(deps, user, requestId);
}
