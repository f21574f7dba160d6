// The end of social sign-in: the callback hands the browser a one-time code (never a session token, which a
// URL would leak to history and logs and let anyone sign a browser in by a link); the web app trades it with
// POST /auth/exchange. Stored as a sha256, single use, valid 60 seconds.
import { AppError } from '@mailwright/kit';
import { deleteExpiredSignInCodes, insertSignInCode, takeSignInCode } from '../db/queries/sign-in-codes';
import { findUserById } from '../db/queries/users';
import type { UserRow } from '../db/schema/users';
import type { IdentityDeps } from '../deps';
import { refuseIfDisabled } from './disabled-account';
import { generateSecretToken, hashSecret } from './secret-tokens';

export const SIGN_IN_CODE_TTL_MS = 60_000;
export const INVALID_SIGN_IN_CODE_MESSAGE = 'This sign-in link is invalid or has expired. Please sign in again.';

export async function issueSignInCode(deps: Pick<IdentityDeps, 'db' | 'log'>, userId: string): Promise<string> {
  deleteExpiredSignInCodes(deps.db).catch((error: unknown) => deps.log.warn({ err: error }, 'could not prune sign-in codes'));
  const code = generateSecretToken();
  await insertSignInCode(deps.db, {
    codeHash: hashSecret(code),
    userId,
    expiresAt: new Date(Date.now() + SIGN_IN_CODE_TTL_MS),
  });
  return code;
}

export async function exchangeSignInCode(
  deps: Pick<IdentityDeps, 'db' | 'sessions'>,
  code: string,
): Promise<{ token: string; user: UserRow }> {
  const userId = await takeSignInCode(deps.db, hashSecret(code));
  const user = userId ? await findUserById(deps.db, userId) : undefined;
  if (!user) throw new AppError('BAD_REQUEST', INVALID_SIGN_IN_CODE_MESSAGE);
  refuseIfDisabled(user);
  return { token: await deps.sessions.sign(user.id, user.sessionVersion), user };
}
