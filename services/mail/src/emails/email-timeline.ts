// GET /emails/:id/events: what happened to one of the user's emails, oldest first — accepted (and scheduled), held
// (while it waits for its sender), sent, failed, cancelled or suppressed from the row, then every recorded open,
// click, delay, bounce, complaint, reply and unsubscribe. Another user's email, or a malformed id, is 404.
import { EMAIL_TIMELINE_LIMITS, type EmailTimelineEvent, HOLD_REASON_LABELS, MAIL_MESSAGES } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { type EmailEventEntry, emailEventsOf } from '../db/queries/email-timeline-events';
import { findEmail } from '../db/queries/list-emails';
import type { EmailRow } from '../db/schema/emails';
import type { EmailLogDeps } from './deps';

const iso = (value: Date) => value.toISOString();
const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The steps the email row itself tells. */
function rowSteps(row: EmailRow): EmailTimelineEvent[] {
  const steps: EmailTimelineEvent[] = [{ type: 'accepted', at: iso(row.createdAt), detail: null }];
  if (row.scheduledAt) steps.push({ type: 'scheduled', at: iso(row.createdAt), detail: `for ${iso(row.scheduledAt)}` });
  if (row.holdReason) {
    const until = row.holdUntil ? `expected ${iso(row.holdUntil)}` : 'until the sender resumes';
    steps.push({ type: 'held', at: iso(row.updatedAt), detail: `${HOLD_REASON_LABELS[row.holdReason]}, ${until}` });
  }
  if (row.sentAt) steps.push({ type: 'sent', at: iso(row.sentAt), detail: null });
  if (row.status === 'failed') steps.push({ type: 'failed', at: iso(row.updatedAt), detail: row.error });
  if (row.status === 'cancelled') steps.push({ type: 'cancelled', at: iso(row.updatedAt), detail: null });
  if (row.status === 'suppressed') {
    steps.push({ type: 'suppressed', at: iso(row.createdAt), detail: row.suppressed.join(', ') || null });
  }
  return steps;
}

function eventStep(event: EmailEventEntry): EmailTimelineEvent {
  const at = iso(event.occurredAt);
  const detail = event.detail ?? {};
  switch (event.type) {
    case 'open':
      return { type: 'opened', at, detail: null };
    case 'click':
      return { type: 'clicked', at, detail: event.url };
    case 'delay':
      return { type: 'delayed', at, detail: [text(detail.code), text(detail.diagnostic)].filter(Boolean).join(' ') || null };
    case 'bounce':
      return {
        type: 'bounced',
        at,
        detail: [text(detail.recipient), text(detail.code), text(detail.diagnostic)].filter(Boolean).join(' ') || null,
      };
    case 'complaint':
      return { type: 'complained', at, detail: text(detail.recipient) };
    case 'reply':
      return { type: 'replied', at, detail: text(detail.from) };
    case 'unsubscribe':
      return { type: 'unsubscribed', at, detail: text(detail.recipient) ?? text(detail.email) };
  }
}

export async function emailTimeline(deps: Pick<EmailLogDeps, 'db'>, userId: string, id: string): Promise<EmailTimelineEvent[]> {
  const row = isUuid(id) ? await findEmail(deps.db, userId, id) : null;
  if (!row) throw new AppError('NOT_FOUND', MAIL_MESSAGES.emailNotFound);
  const events = await emailEventsOf(deps.db, userId, id, EMAIL_TIMELINE_LIMITS.trackingEventsMax);
  // A stable sort: steps at the same instant keep the row's order (accepted before scheduled, sent before opened).
  return [...rowSteps(row), ...events.map(eventStep)].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
