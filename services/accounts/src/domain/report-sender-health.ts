// POST /internal/accounts/:accountId/health (issue 20): the mail worker pauses a sender the provider refuses.
// `changed` is true only for the report that took it from active, so the worker emits account.paused once and
// the owner gets one mail; a later report refreshes the reason and resumesAt but keeps `since`. A needs_reconnect
// is never downgraded to a pause, and for Gmail/Outlook it also marks `status` (the transport then answers 409).
// A grant the transport already found revoked was mailed about then: its first report records it, mails nothing.
import type { ReportSenderHealthBody, SenderHealth } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { findAccountById, selectAccountForUpdate, updateUserAccount } from '../db/queries/email-accounts';
import type { AccountsDeps } from '../deps';
import { accountNotFound } from './errors';
import { mailOwnerPaused } from './pause-notice';
import { reportedHealthOf, senderHealthOf } from './sender-health-of';

export interface HealthReport {
  changed: boolean;
  health: SenderHealth;
  userId: string;
  email: string;
}

function readResumesAt(value: string | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    throw new AppError('VALIDATION_ERROR', 'resumesAt must be an ISO 8601 date-time', { details: { field: 'resumesAt' } });
  }
  return at;
}

export async function reportSenderHealth(
  deps: Pick<AccountsDeps, 'db' | 'owners' | 'config' | 'log'>,
  accountId: string,
  body: ReportSenderHealthBody,
): Promise<HealthReport> {
  if (!isUuid(accountId)) throw accountNotFound();
  const resumesAt = body.state === 'paused' ? readResumesAt(body.resumesAt) : null;
  const known = await findAccountById(deps.db, accountId);
  if (!known) throw accountNotFound();

  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await selectAccountForUpdate(tx, known.userId, known.id);
    if (!locked) throw accountNotFound();
    const now = new Date();
    const before = reportedHealthOf(locked, now);
    const changed = before.state === 'active';
    // The transport found the grant revoked and mailed the owner then; this report only records it.
    const alreadyMailed = locked.status === 'needs_reconnect';
    if (before.state === 'needs_reconnect' && body.state === 'paused') return { changed, alreadyMailed, row: locked };
    const row = await updateUserAccount(tx, locked.userId, locked.id, {
      healthState: body.state,
      healthReason: body.reason,
      healthDetail: body.detail?.trim() || null,
      healthSince: changed ? now : (locked.healthSince ?? now),
      healthResumesAt: resumesAt,
      ...(body.state === 'needs_reconnect' && locked.provider !== 'smtp' ? { status: 'needs_reconnect' as const } : {}),
    });
    if (!row) throw accountNotFound();
    return { changed, alreadyMailed, row };
  });

  const { changed, alreadyMailed, row } = outcome;
  const health = senderHealthOf(row);
  if (changed && !alreadyMailed) mailOwnerPaused(deps, row, health);
  return { changed, health, userId: row.userId, email: row.email };
}
