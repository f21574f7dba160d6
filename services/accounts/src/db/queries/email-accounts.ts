// Reads and writes of accounts.email_accounts. Every user-facing query filters by user_id.
import { and, arrayOverlaps, asc, count, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { AccountsTransaction, Executor } from '../client';
import { type EmailAccountRow, emailAccounts } from '../tables';

export type NewEmailAccount = typeof emailAccounts.$inferInsert;

/**
 * Serialises every change to one user's accounts for the rest of the transaction. Row locks alone
 * cannot do this when the user has no rows yet (the first account must become the default).
 */
export async function lockUserAccounts(tx: AccountsTransaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`accounts:${userId}`}, 0))`);
}

/** Locks the user's rows (SELECT … FOR UPDATE) and returns them oldest first. */
export function selectUserAccountsForUpdate(tx: AccountsTransaction, userId: string): Promise<EmailAccountRow[]> {
  return tx
    .select()
    .from(emailAccounts)
    .where(eq(emailAccounts.userId, userId))
    .orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.id))
    .for('update');
}

export function listUserAccounts(db: Executor, userId: string): Promise<EmailAccountRow[]> {
  return db
    .select()
    .from(emailAccounts)
    .where(eq(emailAccounts.userId, userId))
    .orderBy(asc(emailAccounts.createdAt), asc(emailAccounts.id));
}

export async function findUserAccount(db: Executor, userId: string, id: string): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, id)));
  return row;
}

export async function findDefaultAccount(db: Executor, userId: string): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.isDefault, true)));
  return row;
}

/** The user's account sending as `email` (case-insensitive): the default one first, then the oldest. */
export async function findUserAccountByEmail(db: Executor, userId: string, email: string): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), sql`lower(${emailAccounts.email}) = lower(${email})`))
    .orderBy(sql`${emailAccounts.isDefault} desc`, asc(emailAccounts.createdAt), asc(emailAccounts.id))
    .limit(1);
  return row;
}

/** Internal callers (the mail worker) may know only the account id. */
export async function findAccountById(db: Executor, id: string): Promise<EmailAccountRow | undefined> {
  const [row] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, id));
  return row;
}

export async function countUserAccounts(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(emailAccounts).where(eq(emailAccounts.userId, userId));
  return row?.total ?? 0;
}

export async function findUserMailbox(
  db: Executor,
  userId: string,
  provider: EmailAccountRow['provider'],
  email: string,
): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(
      and(
        eq(emailAccounts.userId, userId),
        eq(emailAccounts.provider, provider),
        sql`lower(${emailAccounts.email}) = lower(${email})`,
      ),
    );
  return row;
}

export async function insertAccount(tx: AccountsTransaction, values: NewEmailAccount): Promise<EmailAccountRow> {
  const [row] = await tx.insert(emailAccounts).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUserAccount(
  db: Executor,
  userId: string,
  id: string,
  values: Partial<NewEmailAccount>,
): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .update(emailAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, id)))
    .returning();
  return row;
}

export async function deleteUserAccount(
  tx: AccountsTransaction,
  userId: string,
  id: string,
): Promise<EmailAccountRow | undefined> {
  const [row] = await tx
    .delete(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, id)))
    .returning();
  return row;
}

/** Clears the user's current default, except `keepId`. Runs before the new default is set (the unique index is checked per row). */
export async function clearDefault(tx: AccountsTransaction, userId: string, keepId: string): Promise<void> {
  await tx
    .update(emailAccounts)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.isDefault, true), ne(emailAccounts.id, keepId)));
}

export async function markDefault(tx: AccountsTransaction, userId: string, id: string): Promise<EmailAccountRow | undefined> {
  return updateUserAccount(tx, userId, id, { isDefault: true });
}

export async function selectAccountForUpdate(
  tx: AccountsTransaction,
  userId: string,
  id: string,
): Promise<EmailAccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, id)))
    .for('update');
  return row;
}

/**
 * Mailboxes the mail worker reads (issue 21), in id order after `afterId`: reading enabled, the sender not
 * needing a reconnect, and for Gmail/Outlook a grant that includes one of `readScopes`.
 */
export function listMailboxReaders(
  db: Executor,
  readScopes: { gmail: readonly string[]; outlook: readonly string[] },
  afterId: string | undefined,
  limit: number,
): Promise<Pick<EmailAccountRow, 'id' | 'userId' | 'provider' | 'feedbackGeneration'>[]> {
  return db
    .select({
      id: emailAccounts.id,
      userId: emailAccounts.userId,
      provider: emailAccounts.provider,
      feedbackGeneration: emailAccounts.feedbackGeneration,
    })
    .from(emailAccounts)
    .where(
      and(
        eq(emailAccounts.feedbackEnabled, true),
        afterId === undefined ? undefined : gt(emailAccounts.id, afterId),
        ne(emailAccounts.status, 'needs_reconnect'),
        ne(emailAccounts.healthState, 'needs_reconnect'),
        or(
          eq(emailAccounts.provider, 'smtp'),
          and(eq(emailAccounts.provider, 'gmail'), arrayOverlaps(emailAccounts.grantedScopes, [...readScopes.gmail])),
          and(eq(emailAccounts.provider, 'outlook'), arrayOverlaps(emailAccounts.grantedScopes, [...readScopes.outlook])),
        ),
      ),
    )
    .orderBy(asc(emailAccounts.id))
    .limit(limit);
}

/** Stores the worker's report when it is for the account's current generation; undefined when it is not. */
export async function updateFeedbackReport(
  db: Executor,
  id: string,
  generation: string,
  values: Pick<NewEmailAccount, 'feedbackState' | 'feedbackCheckedAt' | 'feedbackError'>,
): Promise<EmailAccountRow | undefined> {
  const [row] = await db
    .update(emailAccounts)
    .set(values)
    .where(and(eq(emailAccounts.id, id), eq(emailAccounts.feedbackGeneration, generation)))
    .returning();
  return row;
}
