// Query keys and hooks for the email log and analytics (TanStack Query).
import { useQuery } from '@tanstack/react-query';
import { type EmailLog, type EmailStatus, emailsApi, type ListEmailsQuery } from '../../api';

export const emailKeys = {
  all: ['emails'] as const,
  list: (query: ListEmailsQuery) => ['emails', 'list', query] as const,
  stats: ['emails', 'stats'] as const,
};

/** How often the log is read again while it shows a held email (it goes out when its sender has room). */
export const HELD_REFRESH_MS = 15_000;
/** How often the log is read again while it shows an email still on its way, so its status changes on screen. */
export const PENDING_REFRESH_MS = 5_000;

const PENDING_STATUSES: ReadonlySet<EmailStatus> = new Set(['queued', 'scheduled', 'sending']);

/**
 * The list's refresh interval for what it shows, or false: it stops once every row has settled. TanStack Query
 * pauses it while the tab is hidden (refetchIntervalInBackground is off) and reads again when the tab returns.
 */
export function logRefreshInterval(rows: readonly EmailLog[] | undefined): number | false {
  if (!rows) return false;
  if (rows.some((email) => PENDING_STATUSES.has(email.status) && !email.hold)) return PENDING_REFRESH_MS;
  return rows.some((email) => email.hold) ? HELD_REFRESH_MS : false;
}

export function useEmailList(query: ListEmailsQuery) {
  return useQuery({
    queryKey: emailKeys.list(query),
    queryFn: () => emailsApi.list(query),
    placeholderData: (previous) => previous,
    refetchInterval: (current) => logRefreshInterval(current.state.data?.data),
  });
}

/** An email's timeline; read again with the log while the email is still on its way. */
export function useEmailTimeline(email: EmailLog) {
  return useQuery({
    queryKey: [...emailKeys.all, 'events', email._id, email.status, email.analytics.opened, email.analytics.clicked] as const,
    queryFn: () => emailsApi.events(email._id),
    placeholderData: (previous) => previous,
  });
}

export function useEmailStats() {
  return useQuery({ queryKey: emailKeys.stats, queryFn: () => emailsApi.stats() });
}
