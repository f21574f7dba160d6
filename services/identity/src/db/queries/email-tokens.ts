// Mailed single-use tokens: consumed with one UPDATE so a token can never be used twice.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { IdentityExecutor } from '../client';
import { type EmailTokenPurpose, emailTokens } from '../schema/email-tokens';

export async function insertEmailToken(
  db: IdentityExecutor,
  values: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/** Marks the token used and answers its user, or undefined when it is unknown, used or expired. */
export async function consumeEmailToken(
  db: IdentityExecutor,
  tokenHash: string,
  purpose: EmailTokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

/** Why a token could not be consumed: 'used', 'expired', or 'unknown' (never issued for this purpose). */
export async function emailTokenFailure(
  db: IdentityExecutor,
  tokenHash: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenFailure> {
  const [row] = await db
    .select({ usedAt: emailTokens.usedAt, expired: sql<boolean>`${emailTokens.expiresAt} <= now()` })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) return 'unknown';
  return row.usedAt ? 'used' : row.expired ? 'expired' : 'unknown';
}

export type EmailTokenFailure = 'used' | 'expired' | 'unknown';

/** Retires every open token of one purpose (e.g. other reset links after a reset). */
export async function retireEmailTokens(db: IdentityExecutor, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** True when a token of this purpose was issued to the user within the last `seconds`. */
export async function issuedRecently(
  db: IdentityExecutor,
  userId: string,
  purpose: EmailTokenPurpose,
  seconds: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        gt(emailTokens.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
