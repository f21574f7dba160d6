// POST /internal/accounts/:accountId/feedback-state (issue 21): what the mail worker's last read found. A report
// for an earlier generation (the settings changed while it read) is answered but not stored.
import type { AccountFeedback, ReportFeedbackStateBody } from '@mailwright/contracts';
import { AppError, isUuid } from '@mailwright/kit';
import { findAccountById, updateFeedbackReport } from '../db/queries/email-accounts';
import type { AccountsDeps } from '../deps';
import { accountFeedbackOf } from './account-feedback-of';
import { accountNotFound } from './errors';

export async function reportFeedbackState(
  deps: Pick<AccountsDeps, 'db'>,
  accountId: string,
  body: ReportFeedbackStateBody,
): Promise<AccountFeedback> {
  if (!isUuid(accountId)) throw accountNotFound();
  const checkedAt = new Date(body.checkedAt);
  if (Number.isNaN(checkedAt.getTime())) {
    throw new AppError('VALIDATION_ERROR', 'checkedAt must be an ISO 8601 date-time', { details: { field: 'checkedAt' } });
  }
  const stored = await updateFeedbackReport(deps.db, accountId, body.generation, {
    feedbackState: body.state,
    feedbackCheckedAt: checkedAt,
    feedbackError: body.state === 'reading' ? null : body.error?.trim() || null,
  });
  if (stored) return accountFeedbackOf(stored);
  const current = await findAccountById(deps.db, accountId);
  if (!current) throw accountNotFound();
  return accountFeedbackOf(current);
}
