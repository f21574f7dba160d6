// Single-use connect tickets: inserted hashed, consumed with one DELETE … RETURNING so a ticket works once.
import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { connectTickets } from '../tables';

export type TicketProvider = (typeof connectTickets.$inferSelect)['provider'];

export async function insertConnectTicket(
  db: Executor,
  values: { ticketHash: string; userId: string; provider: TicketProvider; expiresAt: Date },
): Promise<void> {
  // Expired tickets are useless; sweep old ones whenever a new one is issued.
  await db.delete(connectTickets).where(lt(connectTickets.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(connectTickets).values(values);
}

/** Returns the ticket's user when the ticket exists, is unexpired and is for `provider`; it is gone afterwards either way. */
export async function consumeConnectTicket(
  db: Executor,
  ticketHash: string,
  provider: TicketProvider,
): Promise<{ userId: string } | undefined> {
  const [row] = await db.delete(connectTickets).where(eq(connectTickets.ticketHash, ticketHash)).returning();
  if (!row || row.provider !== provider || row.expiresAt.getTime() <= Date.now()) return undefined;
  return { userId: row.userId };
}
