// PUT /email-accounts/:id/feedback (issue 21): the owner turns reading the mailbox on or off and, for SMTP
// accounts, sets the IMAP settings (null: back to the defaults). Any change starts a new generation.
import { type EmailAccount, FEEDBACK_MESSAGES, type UpdateFeedbackBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { updateUserAccount } from '../db/queries/email-accounts';
import type { AccountsDeps } from '../deps';
import { accountNotFound } from './errors';
import { newFeedbackGeneration } from './feedback-generation';
import { findOwnedAccount } from './find-owned-account';
import { DEFAULT_IMAP_COLUMNS, imapColumnsOf, sameImapColumns } from './imap-settings';
import { toEmailAccount } from './to-email-account';

export async function updateFeedback(
  deps: Pick<AccountsDeps, 'db' | 'box' | 'config'>,
  userId: string,
  id: string,
  body: UpdateFeedbackBody,
): Promise<EmailAccount> {
  const current = await findOwnedAccount(deps.db, userId, id);
  if (body.imap !== undefined && current.provider !== 'smtp') {
    throw new AppError('VALIDATION_ERROR', FEEDBACK_MESSAGES.imapOnlyForSmtp, { details: { field: 'imap' } });
  }
  const imap =
    body.imap === undefined ? current : body.imap === null ? DEFAULT_IMAP_COLUMNS : await imapColumnsOf(body.imap, current, deps);
  const changed = body.enabled !== current.feedbackEnabled || !sameImapColumns(imap, current);
  if (!changed) return toEmailAccount(current);

  const row = await updateUserAccount(deps.db, userId, id, {
    feedbackEnabled: body.enabled,
    imapHost: imap.imapHost,
    imapPort: imap.imapPort,
    imapSecure: imap.imapSecure,
    imapUsername: imap.imapUsername,
    imapPasswordSealed: imap.imapPasswordSealed,
    ...newFeedbackGeneration(),
  });
  if (!row) throw accountNotFound();
  return toEmailAccount(row);
}
