// GET /api/email-accounts/{id}/usage, mail's half (accounts checks the owner and gives the limits): this minute
// and the rolling day, and the emails held on the sender. A limited sender's figures are the limiter's own Redis
// windows (what the worker holds emails by); an unlimited sender takes nothing from the limiter, so its figures
// are counted from its sent rows instead.
import { hasSenderLimits, type SenderLimits, type SenderUsage } from '@mailwright/contracts';
import { countHeldEmails } from '../db/queries/held-emails';
import { selectRecentSends } from '../db/queries/recent-sends';
import { countsInDayUntil, type SenderUsage as WindowUsage } from '../delivery/sender-limiter';
import type { SendersDeps } from './deps';

/** The same figures as the limiter's, from the sender's sent rows of the last day. */
async function countedFromRows(deps: SendersDeps, accountId: string, limits: SenderLimits): Promise<WindowUsage> {
  const now = Date.now();
  const minuteMs = deps.limiter.minuteMs;
  const sends = await selectRecentSends(deps.pool, accountId, new Date(now), minuteMs);
  const inDay = sends.filter((send) => countsInDayUntil(send.at.getTime()) > now);
  const oldest = inDay[0]?.at.getTime();
  return {
    minute: {
      used: sends.filter((send) => send.at.getTime() > now - minuteMs).reduce((n, send) => n + send.sends, 0),
      limit: limits.perMinute,
    },
    day: {
      used: inDay.reduce((n, send) => n + send.sends, 0),
      limit: limits.perDay,
      resetsAt: oldest === undefined ? null : new Date(countsInDayUntil(oldest)),
    },
    recipientsToday: inDay.reduce((n, send) => n + send.recipients, 0),
  };
}

export async function senderUsage(deps: SendersDeps, accountId: string, limits: SenderLimits): Promise<SenderUsage> {
  const [usage, held] = await Promise.all([
    hasSenderLimits(limits) ? deps.limiter.usage(accountId, limits) : countedFromRows(deps, accountId, limits),
    countHeldEmails(deps.pool, accountId),
  ]);
  return {
    minute: usage.minute,
    day: { ...usage.day, resetsAt: usage.day.resetsAt?.toISOString() ?? null },
    recipientsToday: usage.recipientsToday,
    recipientsPerDay: limits.recipientsPerDay,
    held,
  };
}
