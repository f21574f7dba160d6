// Query keys and hooks for sender pools, and whether the user's plan has them (pro and enterprise: the
// server answers 403 PLAN_LIMIT on free, so the app says so before anyone reaches that wall).
import { useQuery } from '@tanstack/react-query';
import { ApiError, senderPoolsApi } from '../../api';
import { useAuth } from '../auth';
import { planRank } from '../billing/plan-catalogue';

export const senderPoolKeys = { all: ['sender-pools'] as const };

/** True when the signed-in user's plan includes sender pools. */
export function usePlanHasPools(): boolean {
  const { user } = useAuth();
  const plan = user?.subscription?.plan ?? 'free';
  return planRank(plan) >= planRank('pro');
}

/** The user's pools; not asked for at all on a plan without them. */
export function useSenderPools({ enabled = true }: { enabled?: boolean } = {}) {
  const hasPools = usePlanHasPools();
  return useQuery({ queryKey: senderPoolKeys.all, queryFn: senderPoolsApi.list, enabled: enabled && hasPools });
}

/** The server refused because of the plan (a plan change this page has not seen yet). */
export const isPlanWall = (error: unknown) => error instanceof ApiError && error.code === 'PLAN_LIMIT';
