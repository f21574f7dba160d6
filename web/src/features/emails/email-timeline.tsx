// The event timeline of an email in Email Details: accepted, scheduled, held, sent, opened, clicked, bounced,
// replied and the rest, oldest first, each at its time in the email's zone.
import type { EmailLog, EmailTimelineType } from '../../api';
import { Spinner } from '../../components/spinner';
import { formatEmailTime } from './format-email-time';
import { useEmailTimeline } from './queries';

export const TIMELINE_LABELS: Record<EmailTimelineType, string> = {
  accepted: 'Accepted',
  scheduled: 'Scheduled',
  held: 'Held',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
  suppressed: 'Suppressed',
  opened: 'Opened',
  clicked: 'Clicked',
  delayed: 'Delivery delayed',
  bounced: 'Bounced',
  complained: 'Marked as spam',
  replied: 'Replied',
  unsubscribed: 'Unsubscribed',
};

const DOT: Partial<Record<EmailTimelineType, string>> = {
  sent: 'bg-emerald-500',
  opened: 'bg-indigo-500',
  clicked: 'bg-indigo-500',
  replied: 'bg-indigo-500',
  held: 'bg-amber-500',
  delayed: 'bg-amber-500',
  failed: 'bg-red-500',
  bounced: 'bg-red-500',
  complained: 'bg-red-500',
};

export function EmailTimeline({ email }: { email: EmailLog }) {
  const timeline = useEmailTimeline(email);
  return (
    <section className="mt-4" aria-labelledby="email-timeline-heading">
      <h3 id="email-timeline-heading" className="text-sm font-semibold text-slate-900">
        Timeline
      </h3>
      {timeline.isPending ? (
        <div className="py-3">
          <Spinner />
        </div>
      ) : timeline.isError ? (
        <p className="mt-1 text-sm text-red-700">Failed to load the timeline</p>
      ) : (
        <ol className="mt-2 space-y-2 border-l border-slate-200 pl-4" data-testid="email-timeline">
          {timeline.data.map((event) => (
            <li key={`${event.type}-${event.at}-${event.detail ?? ''}`} className="relative text-sm" data-testid="timeline-event">
              <span
                className={`absolute -left-[1.3rem] top-1.5 h-2 w-2 rounded-full ${DOT[event.type] ?? 'bg-slate-400'}`}
                aria-hidden="true"
              />
              <span className="font-medium text-slate-900">{TIMELINE_LABELS[event.type]}</span>{' '}
              <span className="text-slate-500">{formatEmailTime(event.at, email.timezone)}</span>
              {event.detail && <span className="block break-words text-xs text-slate-600">{event.detail}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
