// GET /api/email-accounts/{id}/usage, mail's half (accounts checks the owner and gives the limits): this minute
// and the rolling day from the limiter's Redis windows, and the emails held on the sender from Postgres.
import type { SenderLimits, SenderUsage } from '@mailwright/contracts';
import { countHeldEmails } from '../db/queries/held-emails';
import type { SendersDeps } from './deps';

export async function senderUsage(deps: SendersDeps, accountId: string, limits: SenderLimits): Promise<SenderUsage> {
  const [usage, held] = await Promise.all([deps.limiter.usage(accountId, limits), countHeldEmails(deps.pool, accountId)]);
  return {
    minute: usage.minute,
    day: { ...usage.day, resetsAt: usage.day.resetsAt?.toISOString() ?? null },
    recipientsToday: usage.recipientsToday,
    recipientsPerDay: limits.recipientsPerDay,
    held,
  };
}
