// The user's filtered log in pages for the CSV export: keyset on (created_at, id) descending, so each page is
// one index range (emails_user_created_idx) however deep the export goes, and rows added meanwhile never shift it.
// The cursor is the last row's id: its created_at is read back in the statement, at Postgres's microsecond
// precision (a JavaScript Date would round it to the millisecond and skip rows within that millisecond).
import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { MailDatabase } from '../client';
import { type EmailRow, emails } from '../schema/emails';
import { type EmailFilter, emailFilterCondition } from './list-emails';

export async function emailsForExport(
  db: MailDatabase,
  filter: EmailFilter,
  afterId: string | null,
  limit: number,
): Promise<EmailRow[]> {
  const beyond: SQL | undefined = afterId
    ? sql`(${emails.createdAt}, ${emails.id}) < (select e.created_at, e.id from ${emails} e where e.id = ${afterId})`
    : undefined;
  return db
    .select()
    .from(emails)
    .where(and(emailFilterCondition(filter), beyond))
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(limit);
}
