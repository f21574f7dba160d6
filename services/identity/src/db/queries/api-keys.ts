// API key rows; every user-facing query is scoped by user_id.
import { and, desc, eq, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { IdentityDatabase } from '../client';
import { type ApiKeyRow, apiKeys } from '../schema/api-keys';
import { users } from '../schema/users';

export async function insertApiKey(
  db: IdentityDatabase,
  values: { userId: string; name: string; keyHash: string; prefix: string; last4: string; scopes: string[] },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('API key insert returned nothing');
  return row;
}

export function listApiKeys(db: IdentityDatabase, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

export async function deleteApiKey(db: IdentityDatabase, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function toggleApiKey(db: IdentityDatabase, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ isActive: not(apiKeys.isActive) })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning();
  return row;
}

/** The key with this hash and whether its owner is disabled (one round trip: resolving is on the gateway's path). */
export async function findApiKeyWithOwnerByHash(
  db: IdentityDatabase,
  keyHash: string,
): Promise<{ key: ApiKeyRow; ownerDisabledAt: Date | null } | undefined> {
  const [row] = await db
    .select({ key: apiKeys, ownerDisabledAt: users.disabledAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash));
  return row;
}

export async function touchApiKeys(db: IdentityDatabase, ids: string[], usedAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: usedAt })
    .where(
      and(
        inArray(apiKeys.id, ids),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`${usedAt.toISOString()}::timestamptz - interval '1 minute'`)),
      ),
    );
}
