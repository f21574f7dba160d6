// The webhook events of newly accepted emails: email.scheduled for a later send, email.suppressed when any
// recipient was left out for being on the suppression list (with the addresses).
import type { EmailRow } from '../db/schema/emails';
import type { EmailEvent } from '../webhooks/webhook-events';

export function acceptEvents(rows: readonly EmailRow[]): EmailEvent[] {
  const events: EmailEvent[] = [];
  for (const row of rows) {
    if (row.status === 'scheduled') events.push({ emailId: row.id, type: 'email.scheduled' });
    if (row.suppressed.length > 0)
      events.push({ emailId: row.id, type: 'email.suppressed', extra: { suppressed: row.suppressed } });
  }
  return events;
}
