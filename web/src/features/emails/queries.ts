// Query keys and hooks for the email log and analytics (TanStack Query).
import { useQuery } from '@tanstack/react-query';
import { emailsApi, type ListEmailsQuery } from '../../api';

export const emailKeys = {
  all: ['emails'] as const,
  list: (query: ListEmailsQuery) => ['emails', 'list', query] as const,
  stats: ['emails', 'stats'] as const,
};

export function useEmailList(query: ListEmailsQuery) {
  return useQuery({
    queryKey: emailKeys.list(query),
    queryFn: () => emailsApi.list(query),
    placeholderData: (previous) => previous,
  });
}

export function useEmailStats() {
  return useQuery({ queryKey: emailKeys.stats, queryFn: () => emailsApi.stats() });
}
