// What other services (the gateway, mail) learn about a user: who it is and its current session version.
import { isUuid, notFound } from '@mailwright/kit';
import { findUserById } from '../db/queries/users';
import type { IdentityDeps } from '../deps';

export interface InternalUserView {
  id: string;
  email: string;
  name: string;
  isVerified: boolean;
  sessionVersion: number;
}

export async function internalUser(deps: Pick<IdentityDeps, 'db'>, userId: string): Promise<InternalUserView> {
  const user = isUuid(userId) ? await findUserById(deps.db, userId) : undefined;
  if (!user) throw notFound('User');
  return { id: user.id, email: user.email, name: user.name, isVerified: user.isVerified, sessionVersion: user.sessionVersion };
}
