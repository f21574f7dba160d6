// One-time tickets that let the browser navigate to the OAuth start without a JWT in the URL (60 s, single use).
import { index, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../pg-schema';

export const connectTickets = accounts.table(
  'connect_tickets',
  {
    /** sha256 of the ticket; the ticket itself only ever exists in the URL handed to the browser. */
    ticketHash: text('ticket_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    provider: text('provider', { enum: ['gmail', 'outlook'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('connect_tickets_expires_at').on(table.expiresAt)],
);
