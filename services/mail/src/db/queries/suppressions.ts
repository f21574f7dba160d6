// Every statement of the suppression list. Addresses are stored lower-cased; callers pass them lower-cased.
import type { SuppressionReason } from '@mailwright/contracts';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type pg from 'pg';
import type { MailDatabase } from '../client';
import { type SuppressionRow, suppressions } from '../schema/suppressions';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SuppressionLookup {
  userId: string;
  addresses: readonly string[];
}

/**
 * The suppressed addresses of many sends at once, in one statement: answers each lookup's, in the
 * order of the lookups. Addresses are matched per user, so one user's list never answers another's lookup.
 */
export async function findSuppressedMany(pool: pg.Pool, lookups: readonly SuppressionLookup[]): Promise<string[][]> {
  const userIds: string[] = [];
  const emails: string[] = [];
  for (const { userId, addresses } of lookups) {
    for (const address of addresses) {
      userIds.push(userId);
      emails.push(address);
    }
  }
  const found = new Set<string>();
  if (emails.length > 0) {
    const { rows } = await pool.query<{ user_id: string; email: string }>({
      name: 'mail_find_suppressed_many',
      text: `SELECT s.user_id, s.email FROM mail.suppressions s
        JOIN unnest($1::uuid[], $2::text[]) AS wanted (user_id, email) ON s.user_id = wanted.user_id AND s.email = wanted.email`,
      values: [userIds, emails],
    });
    for (const row of rows) found.add(`${row.user_id} ${row.email}`);
  }
  return lookups.map(({ userId, addresses }) => addresses.filter((address) => found.has(`${userId} ${address}`)));
}

export interface NewSuppression {
  userId: string;
  email: string;
  reason: SuppressionReason;
  emailId: string | null;
}

/** Adds an address; an address already listed keeps its first reason. True when it was added. */
export async function insertSuppression(executor: pg.Pool | pg.PoolClient, entry: NewSuppression): Promise<boolean> {
  const result = await executor.query({
    name: 'mail_insert_suppression',
    text: `INSERT INTO mail.suppressions (user_id, email, reason, email_id) VALUES ($1, $2, $3, $4)
      ON CONFLICT (user_id, email) DO NOTHING`,
    values: [entry.userId, entry.email, entry.reason, entry.emailId],
  });
  return (result.rowCount ?? 0) > 0;
}

/** Adds many addresses (manual, from an import) in one statement; answers how many were new. */
export async function insertManualSuppressions(
  executor: pg.Pool | pg.PoolClient,
  userId: string,
  addresses: readonly string[],
): Promise<number> {
  if (addresses.length === 0) return 0;
  const result = await executor.query({
    text: `INSERT INTO mail.suppressions (user_id, email, reason)
      SELECT $1, address, 'manual' FROM unnest($2::text[]) AS address
      ON CONFLICT (user_id, email) DO NOTHING`,
    values: [userId, addresses],
  });
  return result.rowCount ?? 0;
}

export async function deleteSuppression(db: MailDatabase, userId: string, email: string): Promise<boolean> {
  const deleted = await db
    .delete(suppressions)
    .where(and(eq(suppressions.userId, userId), eq(suppressions.email, email)))
    .returning({ email: suppressions.email });
  return deleted.length > 0;
}

export async function listSuppressions(
  db: MailDatabase,
  userId: string,
  search: string | null,
  page: { offset: number; limit: number },
): Promise<{ rows: SuppressionRow[]; total: number }> {
  const condition = search
    ? and(eq(suppressions.userId, userId), ilike(suppressions.email, `%${escapeLike(search)}%`))
    : eq(suppressions.userId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(suppressions)
      .where(condition)
      .orderBy(desc(suppressions.createdAt), suppressions.email)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(suppressions).where(condition),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The whole list in pages by address, for the CSV export (keyset: no offset scans). */
export async function suppressionsAfter(pool: pg.Pool, userId: string, after: string, limit: number): Promise<SuppressionRow[]> {
  const { rows } = await pool.query<SuppressionRow>({
    name: 'mail_suppressions_after',
    text: `SELECT user_id AS "userId", email, reason, email_id AS "emailId", created_at AS "createdAt"
      FROM mail.suppressions WHERE user_id = $1 AND email > $2 ORDER BY email LIMIT $3`,
    values: [userId, after, limit],
  });
  return rows;
}

export async function findSuppression(db: MailDatabase, userId: string, email: string): Promise<SuppressionRow | null> {
  const [row] = await db
    .select()
    .from(suppressions)
    .where(and(eq(suppressions.userId, userId), eq(suppressions.email, email)))
    .limit(1);
  return row ?? null;
}
