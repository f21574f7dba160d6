// An email's recorded events (opens, clicks, and what came back from the sender's mailbox), oldest first.
import { and, asc, eq } from 'drizzle-orm';
import type { MailDatabase } from '../client';
import { emailEvents } from '../schema/email-events';

export async function emailEventsOf(db: MailDatabase, userId: string, emailId: string, limit: number) {
  return db
    .select({
      type: emailEvents.type,
      url: emailEvents.url,
      occurredAt: emailEvents.occurredAt,
      detail: emailEvents.detail,
    })
    .from(emailEvents)
    .where(and(eq(emailEvents.emailId, emailId), eq(emailEvents.userId, userId)))
    .orderBy(asc(emailEvents.occurredAt), asc(emailEvents.id))
    .limit(limit);
}

export type EmailEventEntry = Awaited<ReturnType<typeof emailEventsOf>>[number];
