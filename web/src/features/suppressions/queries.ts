// Query keys and the list hook for the suppression list (TanStack Query).
import { useQuery } from '@tanstack/react-query';
import { type ListSuppressionsQuery, suppressionsApi } from '../../api';

export const suppressionKeys = {
  all: ['suppressions'] as const,
  list: (query: ListSuppressionsQuery) => ['suppressions', 'list', query] as const,
};

export function useSuppressions(query: ListSuppressionsQuery) {
  return useQuery({
    queryKey: suppressionKeys.list(query),
    queryFn: () => suppressionsApi.list(query),
    // The table keeps the last page on screen while the next search or page loads.
    placeholderData: (previous) => previous,
  });
}
