// Query keys and hooks for the sender accounts and their usage (TanStack Query).
import { useQuery } from '@tanstack/react-query';
import { emailAccountsApi } from '../../api';

/** The usage keys sit under the list's key, so reloading the list after a change reloads them too. */
export const accountKeys = {
  all: ['email-accounts'] as const,
  usage: (accountId: string) => ['email-accounts', accountId, 'usage'] as const,
};

/** How often a sender's usage is read again while its page is open. */
export const USAGE_REFRESH_MS = 15_000;

export function useAccounts() {
  return useQuery({ queryKey: accountKeys.all, queryFn: emailAccountsApi.list });
}

export function useSenderUsage(accountId: string) {
  return useQuery({
    queryKey: accountKeys.usage(accountId),
    queryFn: () => emailAccountsApi.usage(accountId),
    refetchInterval: USAGE_REFRESH_MS,
    // Keeps counting on screen between reads; a failed read keeps the last figures.
    placeholderData: (previous) => previous,
  });
}
