// Query keys and hooks for the email log and analytics (TanStack Query).
import { useQuery } from '@tanstack/react-query';
import { emailsApi, type ListEmailsQuery } from '../../api';

export const emailKeys = {
  all: ['emails'] as const,
  list: (query: ListEmailsQuery) => ['emails', 'list', query] as const,
  stats: ['emails', 'stats'] as const,
};

/** How often the log is read again while it shows a held email (it goes out when its sender has room). */
export const HELD_REFRESH_MS = 15_000;

export function useEmailList(query: ListEmailsQuery) {
  return useQuery({
    queryKey: emailKeys.list(query),
    queryFn: () => emailsApi.list(query),
    placeholderData: (previous) => previous,
    refetchInterval: (current) => (current.state.data?.data.some((email) => email.hold) ? HELD_REFRESH_MS : false),
  });
}

export function useEmailStats() {
  return useQuery({ queryKey: emailKeys.stats, queryFn: () => emailsApi.stats() });
}
