// Where the feedback reader stopped in each sender's mailbox (issue 21), so a read resumes after a restart.
import { jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mail } from '../pg-schema';

/** Provider-specific position: IMAP { uidValidity, lastUid }, Gmail { historyId }, Graph { deltaLink }. */
export type MailboxCursor = Record<string, string | number | null>;

export const mailboxCursors = mail.table('mailbox_cursors', {
  accountId: text('account_id').primaryKey(),
  userId: uuid('user_id').notNull(),
  /** The accounts service's generation of the reading settings; another one starts a fresh cursor. */
  generation: text('generation').notNull(),
  cursor: jsonb('cursor').$type<MailboxCursor>().notNull(),
  lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MailboxCursorRow = typeof mailboxCursors.$inferSelect;
