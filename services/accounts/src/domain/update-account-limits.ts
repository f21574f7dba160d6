// Sets a sender's limit overrides (issue 20): null = the provider default; above the provider's ceiling → 400
// naming the field. Another user's account and a missing one answer alike. Saving resumes a paused sender.
import { checkLimitOverrides, type EmailAccount, type UpdateSenderLimitsBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { AccountsDeps } from '../deps';
import { accountNotFound } from './errors';
import { findOwnedAccount } from './find-owned-account';
import { providerInfoOf } from './sender-limits-of';
import { announceResumed, updateResuming } from './sender-resumption';
import { toEmailAccount } from './to-email-account';

/** The columns are Postgres integers; a limit past them (only possible where the provider has no ceiling) is refused. */
const STORABLE_MAX = 2_147_483_647;
const FIELDS = ['perMinute', 'perDay', 'recipientsPerDay'] as const;

function assertStorable(body: UpdateSenderLimitsBody): void {
  const field = FIELDS.find((name) => (body[name] ?? 0) > STORABLE_MAX);
  if (field) {
    throw new AppError('VALIDATION_ERROR', `${field} may be at most ${STORABLE_MAX.toLocaleString('en-US')}`, {
      details: { field },
    });
  }
}

export async function updateAccountLimits(
  deps: Pick<AccountsDeps, 'db' | 'mail' | 'log'>,
  userId: string,
  id: string,
  body: UpdateSenderLimitsBody,
  requestId?: string,
): Promise<EmailAccount> {
  const current = await findOwnedAccount(deps.db, userId, id);
  const problem = checkLimitOverrides(providerInfoOf(current), body);
  if (problem) throw new AppError('VALIDATION_ERROR', problem.message, { details: { field: problem.field } });
  assertStorable(body);
  const outcome = await deps.db.transaction((tx) =>
    updateResuming(tx, userId, id, {
      limitPerMinute: body.perMinute,
      limitPerDay: body.perDay,
      limitRecipientsPerDay: body.recipientsPerDay,
    }),
  );
  if (!outcome) throw accountNotFound();
  await announceResumed(deps, outcome, requestId);
  return toEmailAccount(outcome.row);
}
