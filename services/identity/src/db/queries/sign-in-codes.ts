// One-time sign-in codes: taking one deletes it, so a code works once.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { IdentityDatabase } from '../client';
import { signInCodes } from '../schema/sign-in-codes';

export async function insertSignInCode(
  db: IdentityDatabase,
  values: { codeHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(signInCodes).values(values);
}

/** Deletes the code and answers its user; undefined when unknown, already used or expired. */
export async function takeSignInCode(db: IdentityDatabase, codeHash: string): Promise<string | undefined> {
  const [row] = await db
    .delete(signInCodes)
    .where(and(eq(signInCodes.codeHash, codeHash), gt(signInCodes.expiresAt, sql`now()`)))
    .returning({ userId: signInCodes.userId });
  return row?.userId;
}

export async function deleteExpiredSignInCodes(db: IdentityDatabase): Promise<void> {
  await db.delete(signInCodes).where(lt(signInCodes.expiresAt, sql`now()`));
}
