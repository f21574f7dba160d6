// Lookups and links between users and provider accounts.
import { and, eq } from 'drizzle-orm';
import type { IdentityExecutor } from '../client';
import { oauthIdentities } from '../schema/oauth-identities';

export async function findUserIdByProviderIdentity(
  db: IdentityExecutor,
  provider: string,
  providerUserId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: oauthIdentities.userId })
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.providerUserId, providerUserId)));
  return row?.userId;
}

export async function linkProviderIdentity(
  db: IdentityExecutor,
  values: { userId: string; provider: string; providerUserId: string; email: string },
): Promise<void> {
  await db
    .insert(oauthIdentities)
    .values(values)
    .onConflictDoNothing({ target: [oauthIdentities.provider, oauthIdentities.providerUserId] });
}

/** Drops every provider link of a user (links made while the account's address was unproven). */
export async function unlinkProviderIdentities(db: IdentityExecutor, userId: string): Promise<void> {
  await db.delete(oauthIdentities).where(eq(oauthIdentities.userId, userId));
}
