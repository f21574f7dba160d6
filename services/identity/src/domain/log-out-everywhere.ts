// "Log out everywhere": every session of the user ends, this one included (the web app then signs out).
import { AppError } from '@mailwright/kit';
import type { IdentityContext } from '../context';
import { bumpSessionVersion } from '../db/queries/users';

export async function logOutEverywhere(ctx: IdentityContext, userId: string): Promise<void> {
  const sessionVersion = await bumpSessionVersion(ctx.db, userId);
  if (sessionVersion === undefined) throw new AppError('UNAUTHORIZED', 'Account not found');
  await ctx.revocations.publish({ kind: 'sessions', userId, sessionVersion });
}
