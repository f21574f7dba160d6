// The plan's sender-account limit (free: 1; pro and enterprise: -1, unlimited), from billing's entitlements.
import type { Entitlements } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';

export function assertCanAddAccount(entitlements: Entitlements, currentCount: number): void {
  const limit = entitlements.accountLimit;
  if (limit < 0 || currentCount < limit) return;
  const plan = entitlements.plan.charAt(0).toUpperCase() + entitlements.plan.slice(1);
  const accounts = limit === 1 ? '1 email account' : `${limit} email accounts`;
  throw new AppError(
    'PLAN_LIMIT',
    `Your ${plan} plan allows ${accounts}. Upgrade your plan at /pricing to add more email accounts.`,
  );
}
