// Builds the User shape of spec section 3 from a row, its linked providers and its plan figures.
import type { User } from '@mailwright/contracts';
import { providersOf } from '../db/queries/users';
import type { UserRow } from '../db/schema/users';
import type { IdentityDeps } from '../deps';

/** requestId: the request the user is shown in, forwarded on the calls for the plan figures. */
export async function presentUser(deps: Pick<IdentityDeps, 'db' | 'figures'>, row: UserRow, requestId?: string): Promise<User> {
  const [oauthProviders, { subscription, emailQuota }] = await Promise.all([
    providersOf(deps.db, row.id),
    deps.figures.forUser(row.id, requestId),
  ]);
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    isVerified: row.isVerified,
    hasPassword: row.passwordHash !== null,
    oauthProviders,
    subscription,
    emailQuota,
    createdAt: row.createdAt.toISOString(),
  };
}
