// The plan catalogue from GET /api/payments/plans, cached by TanStack Query.
import { useQuery } from '@tanstack/react-query';
import { paymentsApi } from '../../api';

export const plansQueryKey = ['payments', 'plans'] as const;

export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: paymentsApi.plans, staleTime: 5 * 60 * 1000 });
}
