// The user's email log, newest first, with the filters of GET /emails.
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { MailDatabase } from '../client';
import { type EmailRow, type EmailStatus, emails } from '../schema/emails';

export interface EmailFilter {
  userId: string;
  status: EmailStatus | null;
  search: string | null;
  from: Date | null;
  toExclusive: Date | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of the log's filters (the owner always; status, search over recipients and subject, dates). */
export function emailFilterCondition(filter: EmailFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(emails.userId, filter.userId)];
  if (filter.status) conditions.push(eq(emails.status, filter.status));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(emails.subject, pattern), sql`array_to_string(${emails.to}, ',') ILIKE ${pattern}`));
  }
  if (filter.from) conditions.push(gte(emails.createdAt, filter.from));
  if (filter.toExclusive) conditions.push(lt(emails.createdAt, filter.toExclusive));
  return and(...conditions);
}

export async function listEmails(
  db: MailDatabase,
  filter: EmailFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: EmailRow[]; total: number }> {
  const condition = emailFilterCondition(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(emails)
      .where(condition)
      .orderBy(desc(emails.createdAt), desc(emails.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(emails).where(condition),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findEmail(db: MailDatabase, userId: string, id: string): Promise<EmailRow | null> {
  const [row] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.id, id), eq(emails.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The user's emails with these ids (in no particular order; ids that are not theirs are left out). */
export async function findEmails(db: MailDatabase, userId: string, ids: string[]): Promise<EmailRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(emails)
    .where(and(inArray(emails.id, ids), eq(emails.userId, userId)));
}
