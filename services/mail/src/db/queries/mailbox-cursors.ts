// Where the feedback reader stopped in each sender's mailbox: loaded before a turn, saved after each page.
import { eq, sql } from 'drizzle-orm';
import type { MailDatabase } from '../client';
import { type MailboxCursor, mailboxCursors } from '../schema/mailbox-cursors';

export async function loadMailboxCursor(
  db: MailDatabase,
  accountId: string,
): Promise<{ generation: string; cursor: MailboxCursor } | null> {
  const [row] = await db
    .select({ generation: mailboxCursors.generation, cursor: mailboxCursors.cursor })
    .from(mailboxCursors)
    .where(eq(mailboxCursors.accountId, accountId));
  return row ?? null;
}

export async function saveMailboxCursor(
  db: MailDatabase,
  position: { accountId: string; userId: string; generation: string; cursor: MailboxCursor },
): Promise<void> {
  await db
    .insert(mailboxCursors)
    .values({ ...position, lastReadAt: sql`now()` })
    .onConflictDoUpdate({
      target: mailboxCursors.accountId,
      set: { userId: position.userId, generation: position.generation, cursor: position.cursor, lastReadAt: sql`now()` },
    });
}
