// Reads and writes of accounts.sender_pools. Every query filters by user_id.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AccountsTransaction, Executor } from '../client';
import { emailAccounts, type SenderPoolRow, senderPools } from '../tables';

export type NewSenderPool = typeof senderPools.$inferInsert;

export function listUserPools(db: Executor, userId: string): Promise<SenderPoolRow[]> {
  return db
    .select()
    .from(senderPools)
    .where(eq(senderPools.userId, userId))
    .orderBy(asc(senderPools.createdAt), asc(senderPools.id));
}

export async function findUserPool(db: Executor, userId: string, id: string): Promise<SenderPoolRow | undefined> {
  const [row] = await db
    .select()
    .from(senderPools)
    .where(and(eq(senderPools.userId, userId), eq(senderPools.id, id)));
  return row;
}

export async function countUserPools(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(senderPools).where(eq(senderPools.userId, userId));
  return row?.total ?? 0;
}

export async function findUserPoolByName(db: Executor, userId: string, name: string): Promise<SenderPoolRow | undefined> {
  const [row] = await db
    .select()
    .from(senderPools)
    .where(and(eq(senderPools.userId, userId), sql`lower(${senderPools.name}) = lower(${name})`));
  return row;
}

/** Which of `ids` are the user's email accounts. */
export async function selectUserAccountIds(db: Executor, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), inArray(emailAccounts.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function insertPool(tx: AccountsTransaction, values: NewSenderPool): Promise<SenderPoolRow> {
  const [row] = await tx.insert(senderPools).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUserPool(
  db: Executor,
  userId: string,
  id: string,
  values: Partial<Pick<NewSenderPool, 'name' | 'strategy' | 'accountIds'>>,
): Promise<SenderPoolRow | undefined> {
  const [row] = await db
    .update(senderPools)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(senderPools.userId, userId), eq(senderPools.id, id)))
    .returning();
  return row;
}

export async function deleteUserPool(db: Executor, userId: string, id: string): Promise<SenderPoolRow | undefined> {
  const [row] = await db
    .delete(senderPools)
    .where(and(eq(senderPools.userId, userId), eq(senderPools.id, id)))
    .returning();
  return row;
}

/** Takes a deleted account out of every pool of its user (run in the deleting transaction). */
export async function removeAccountFromPools(tx: AccountsTransaction, userId: string, accountId: string): Promise<void> {
  await tx
    .update(senderPools)
    .set({ accountIds: sql`array_remove(${senderPools.accountIds}, ${accountId}::uuid)`, updatedAt: new Date() })
    .where(and(eq(senderPools.userId, userId), sql`${accountId}::uuid = any(${senderPools.accountIds})`));
}
