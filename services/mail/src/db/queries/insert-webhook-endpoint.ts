// Registers a webhook endpoint only while the user is under the endpoint limit. Counting and inserting are
// two statements, so concurrent creates of one user are serialised by a transaction-scoped advisory lock on
// (table, user): without it, 30 parallel POSTs all count 19 and all insert. Other users never wait on it.
import { withTransaction } from '@mailwright/kit';
import { count, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { MailDatabase } from '../client';
import { type WebhookEndpointRow, webhookEndpoints } from '../schema/webhook-endpoints';

export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;

/** The stored row, or null when the user already has `limit` endpoints. */
export async function insertWebhookEndpointWithinLimit(
  db: MailDatabase,
  endpoint: NewWebhookEndpoint,
  limit: number,
): Promise<WebhookEndpointRow | null> {
  return withTransaction(db.$client, async (client) => {
    const tx = drizzle(client);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('mail.webhook_endpoints'), hashtext(${endpoint.userId}))`);
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, endpoint.userId));
    if ((existing?.n ?? 0) >= limit) return null;
    const [row] = await tx.insert(webhookEndpoints).values(endpoint).returning();
    return row ?? null;
  });
}
