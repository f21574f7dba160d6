// Pending social sign-in attempts; taking one deletes it, so a state works once.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { IdentityDatabase } from '../client';
import { oauthStates } from '../schema/oauth-states';

export async function insertOAuthState(
  db: IdentityDatabase,
  values: { jti: string; provider: string; codeVerifier: string | null; browserHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oauthStates).values(values);
}

/** Deletes and answers the pending attempt; undefined when unknown, already used or expired. */
export async function takeOAuthState(
  db: IdentityDatabase,
  jti: string,
  provider: string,
): Promise<{ codeVerifier: string | null; browserHash: string } | undefined> {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.jti, jti), eq(oauthStates.provider, provider), gt(oauthStates.expiresAt, sql`now()`)))
    .returning({ codeVerifier: oauthStates.codeVerifier, browserHash: oauthStates.browserHash });
  return row;
}

export async function deleteExpiredOAuthStates(db: IdentityDatabase): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
}
