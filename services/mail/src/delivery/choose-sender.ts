// Which account sends a claimed email now, or why it waits (issue 20). For one account: it must be sendable
// (not paused) and its limiter must grant the send. For a sender pool, the account is chosen here, at delivery
// time: 'failover' takes the first account, in the pool's order, that is healthy and has capacity; 'spread'
// draws among the healthy ones weighted by their remaining capacity. When none can send, the email is held with
// the earliest time one of them is expected to be able to.
import { type HoldReason, hasSenderLimits, type SenderPoolStrategy, type Transport } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { ClaimedEmail } from './claim-emails';
import { SendFailure } from './send-failure';
import type { SenderLimiter } from './sender-limiter';
import type { SenderPoolSource } from './sender-pool-source';
import { SenderUnavailable, type TransportSource } from './transports/transport-source';

export interface SenderSelectionDeps {
  transports: TransportSource;
  /** Counts each sender's sends against its limits; absent = limits are not enforced. */
  limiter?: SenderLimiter;
  pools?: SenderPoolSource;
}

export type SenderChoice =
  /** ticket: the limiter's take, to give back if the send does not happen. */
  | { kind: 'go'; transport: Transport; ticket: string | null }
  /** until null: when the (paused) sender resumes. */
  | { kind: 'hold'; reason: HoldReason; until: Date | null };

type Hold = Extract<SenderChoice, { kind: 'hold' }>;

export const recipientsOf = (email: Pick<ClaimedEmail, 'to' | 'cc' | 'bcc'>) =>
  email.to.length + email.cc.length + email.bcc.length;

/** requestId (here and below): the email's request, forwarded on the calls to accounts that a cache miss makes. */
async function tryAccount(
  deps: SenderSelectionDeps,
  accountId: string,
  recipients: number,
  requestId?: string,
): Promise<SenderChoice> {
  let transport: Transport;
  try {
    transport = await deps.transports.sendable(accountId, requestId);
  } catch (error) {
    if (!(error instanceof SenderUnavailable)) throw error;
    const resumesAt = error.health.resumesAt;
    return { kind: 'hold', reason: 'sender_paused', until: resumesAt ? new Date(resumesAt) : null };
  }
  if (!deps.limiter || !hasSenderLimits(transport.limits)) return { kind: 'go', transport, ticket: null };
  const taken = await deps.limiter.take(accountId, { recipients, limits: transport.limits });
  if (taken.ok) return { kind: 'go', transport, ticket: taken.ticket };
  if (taken.reason === 'too_many_recipients') {
    throw new SendFailure(
      `This email has ${recipients} recipients, more than the ${transport.limits.recipientsPerDay} a day its sender allows`,
      true,
    );
  }
  return { kind: 'hold', reason: taken.reason, until: taken.until };
}

/** The hold to report when no account could take the email: a limit's (earliest first) before a pause's. */
function earliestHold(holds: Hold[]): Hold {
  const limited = holds.filter((hold) => hold.reason !== 'sender_paused' && hold.until !== null);
  const candidates = limited.length > 0 ? limited : holds.filter((hold) => hold.until !== null);
  if (candidates.length === 0) return holds[0] ?? { kind: 'hold', reason: 'sender_paused', until: null };
  return candidates.reduce((a, b) => ((a.until as Date) <= (b.until as Date) ? a : b));
}

/** Remaining sends before the tightest limit (Infinity when none is set), for 'spread'. */
async function remainingCapacity(deps: SenderSelectionDeps, accountId: string, requestId?: string): Promise<number> {
  const transport = await deps.transports.sendable(accountId, requestId);
  if (!deps.limiter || !hasSenderLimits(transport.limits)) return Number.POSITIVE_INFINITY;
  const usage = await deps.limiter.usage(accountId, transport.limits);
  const room = (limit: number | null, used: number) => (limit === null ? Number.POSITIVE_INFINITY : Math.max(0, limit - used));
  return Math.min(
    room(usage.minute.limit, usage.minute.used),
    room(usage.day.limit, usage.day.used),
    room(transport.limits.recipientsPerDay, usage.recipientsToday),
  );
}

/** The pool's accounts in the order they are tried: as listed (failover), or drawn by remaining capacity (spread). */
async function tryOrder(
  deps: SenderSelectionDeps,
  accountIds: string[],
  strategy: SenderPoolStrategy,
  requestId?: string,
): Promise<string[]> {
  if (strategy === 'failover') return accountIds;
  const weighed = await Promise.all(
    accountIds.map(async (id) => ({ id, room: await remainingCapacity(deps, id, requestId).catch(() => 0) })),
  );
  // Unlimited accounts weigh as much as a well-provisioned limited one; full or paused ones go last.
  const order: string[] = [];
  let pool = weighed.map(({ id, room }) => ({ id, weight: Math.min(room, 10_000) }));
  while (pool.length > 0) {
    const total = pool.reduce((sum, item) => sum + item.weight, 0);
    const draw = Math.random() * total;
    let index = 0;
    for (let below = pool[0]?.weight ?? 0; below <= draw && index < pool.length - 1; below += pool[index]?.weight ?? 0)
      index += 1;
    order.push((pool[index] as { id: string }).id);
    pool = pool.filter((_, i) => i !== index);
  }
  return order;
}

async function choosePoolAccount(
  deps: SenderSelectionDeps,
  email: ClaimedEmail,
  poolId: string,
  requestId?: string,
): Promise<SenderChoice> {
  let pool: Awaited<ReturnType<SenderPoolSource['get']>> | null = null;
  try {
    pool = (await deps.pools?.get(poolId, email.userId, requestId)) ?? null;
  } catch (error) {
    // A deleted pool: its emails go from the account they were accepted with.
    if (!(error instanceof AppError && error.code === 'NOT_FOUND'))
      throw new SendFailure(String((error as Error).message), false);
  }
  if (!pool || pool.accountIds.length === 0) return tryAccount(deps, email.emailAccountId, recipientsOf(email), requestId);
  const holds: Hold[] = [];
  let firstError: unknown = null;
  for (const accountId of await tryOrder(deps, pool.accountIds, pool.strategy, requestId)) {
    try {
      const choice = await tryAccount(deps, accountId, recipientsOf(email), requestId);
      if (choice.kind === 'go') return choice;
      holds.push(choice);
    } catch (error) {
      // An account deleted or refused since the pool was made: the next one takes the email.
      firstError ??= error;
    }
  }
  if (holds.length === 0) throw firstError;
  return earliestHold(holds);
}

export function chooseSender(deps: SenderSelectionDeps, email: ClaimedEmail, requestId?: string): Promise<SenderChoice> {
  return email.senderPoolId
    ? choosePoolAccount(deps, email, email.senderPoolId, requestId)
    : tryAccount(deps, email.emailAccountId, recipientsOf(email), requestId);
}
