// The email log's event timeline (GET /emails/{id}/events) and its CSV export (GET /emails/export.csv).
import { type Static, Type } from '@sinclair/typebox';
import { ListEmailsQuery } from './mail';

/** What happened to an email, in the words the log shows. */
export const EmailTimelineType = Type.Union([
  Type.Literal('accepted'),
  Type.Literal('scheduled'),
  Type.Literal('held'),
  Type.Literal('sent'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
  Type.Literal('suppressed'),
  Type.Literal('opened'),
  Type.Literal('clicked'),
  Type.Literal('delayed'),
  Type.Literal('bounced'),
  Type.Literal('complained'),
  Type.Literal('replied'),
  Type.Literal('unsubscribed'),
]);
export type EmailTimelineType = Static<typeof EmailTimelineType>;

/** One step of an email's timeline; `detail` is a line for people (the link clicked, the bounce's code, ...). */
export const EmailTimelineEvent = Type.Object({
  type: EmailTimelineType,
  at: Type.String({ description: 'ISO instant' }),
  detail: Type.Union([Type.String(), Type.Null()]),
});
export type EmailTimelineEvent = Static<typeof EmailTimelineEvent>;

export const EMAIL_TIMELINE_LIMITS = {
  /** Opens and clicks listed at most (each is capped per email and link as well); the first ones are kept. */
  trackingEventsMax: 200,
} as const;

export const EmailTimelineResponse = Type.Object({ data: Type.Array(EmailTimelineEvent) });
export type EmailTimelineResponse = Static<typeof EmailTimelineResponse>;

/** The CSV export's columns, in order (a header row names them). */
export const EMAIL_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'status',
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'scheduled_at',
  'sent_at',
  'opened_at',
  'clicked_at',
  'replied_at',
  'error',
] as const;

/** GET /emails/export.csv: the log's filters without the page; every matching row is written. */
export const ExportEmailsQuery = Type.Pick(ListEmailsQuery, ['status', 'search', 'from', 'to']);
export type ExportEmailsQuery = Static<typeof ExportEmailsQuery>;
