// The plan rule of the public API: an API-key caller needs a plan with API access (pro, enterprise).
import { type Entitlements, MAIL_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { SendingDeps } from './deps';

/** The caller's entitlements, or 403 API_ACCESS_REQUIRED when the plan has no API access. */
export async function requireApiAccess(
  deps: Pick<SendingDeps, 'entitlements'>,
  userId: string,
  requestId?: string,
): Promise<Entitlements> {
  const cached = await deps.entitlements.get(userId, { requestId });
  if (cached.apiAccess) return cached;
  // Entitlements are cached for a moment; a plan bought seconds ago must count before we refuse.
  const fresh = await deps.entitlements.get(userId, { fresh: true, requestId });
  if (!fresh.apiAccess) throw new AppError('API_ACCESS_REQUIRED', MAIL_MESSAGES.apiAccessRequired);
  return fresh;
}
