// "Log out everywhere": every session of the user ends, this one included (the web app then signs out).
import { AppError } from '@mailwright/kit';
import { bumpSessionVersion } from '../db/queries/users';
import type { IdentityDeps } from '../deps';

export async function logOutEverywhere(deps: Pick<IdentityDeps, 'db' | 'revocations'>, userId: string): Promise<void> {
  const sessionVersion = await bumpSessionVersion(deps.db, userId);
  if (sessionVersion === undefined) throw new AppError('UNAUTHORIZED', 'Account not found');
  await deps.revocations.publish({ kind: 'sessions', userId, sessionVersion });
}
