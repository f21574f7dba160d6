// GET /internal/quota/:userId: this month's used count and the plan's limit (-1 unlimited).
import type { QuotaUsage } from '@mailwright/contracts';
import { isUuid } from '@mailwright/kit';
import { quotaUsed } from '../db/queries/quota';
import type { SendingDeps } from './deps';
import { quotaMonth } from './quota-month';

export async function quotaUsage(
  deps: Pick<SendingDeps, 'db' | 'entitlements'>,
  userId: string,
  requestId?: string,
): Promise<QuotaUsage> {
  const [stored, entitlements] = await Promise.all([
    isUuid(userId) ? quotaUsed(deps.db.$client, userId, quotaMonth()) : null,
    deps.entitlements.get(userId, { requestId }).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  ]);
  if (entitlements.ok) return { used: stored?.used ?? 0, limit: entitlements.value.emailLimit };
  // Billing unavailable: the limit recorded with this month's last send keeps /auth/me answering.
  if (stored) return stored;
  throw entitlements.error;
}
