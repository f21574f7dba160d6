// Storing accepted emails against the monthly limit the cached plan gives; when that limit is reached, once more
// with the plan read fresh, so a plan bought a moment ago counts before anyone is refused.
import type { Entitlements } from '@mailwright/contracts';
import type { AcceptResult } from '../outbox/accept-types';
import type { SendingDeps } from './deps';

export async function storeWithinQuota(
  deps: Pick<SendingDeps, 'entitlements'>,
  userId: string,
  entitlements: Entitlements,
  store: (monthlyLimit: number) => Promise<AcceptResult>,
  requestId?: string,
): Promise<{ stored: AcceptResult; entitlements: Entitlements }> {
  const stored = await store(entitlements.emailLimit);
  if (stored.kind !== 'quota_exceeded') return { stored, entitlements };
  const current = await deps.entitlements.get(userId, { fresh: true, requestId });
  if (current.emailLimit === entitlements.emailLimit) return { stored, entitlements };
  return { stored: await store(current.emailLimit), entitlements: current };
}
