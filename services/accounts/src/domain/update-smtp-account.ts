// Edits an SMTP sender (spec section 4): the email cannot change; an empty password keeps the stored one,
// but only for the same host, port and username. The settings are verified against the server before saving;
// saving resumes a paused sender (issue 20). A stored IMAP password is resealed with the SMTP one; a new host or
// username starts a new feedback generation when the mailbox is read with the SMTP settings (issue 21).
import type { EmailAccount, UpdateSmtpAccountBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { verifySmtpSettings } from '../adapters/verify-smtp';
import type { AccountsDeps } from '../deps';
import { accountNotFound } from './errors';
import { newFeedbackGeneration } from './feedback-generation';
import { findOwnedAccount } from './find-owned-account';
import { resealedImapPassword } from './imap-settings';
import { assertPasswordReentered } from './password-reentry';
import { announceResumed, updateResuming } from './sender-resumption';
import { displayNameOf, readSmtpForm, sealedSmtpColumns } from './smtp-settings';
import { toEmailAccount } from './to-email-account';

export async function updateSmtpAccount(
  deps: Pick<AccountsDeps, 'db' | 'box' | 'config' | 'mail' | 'log'>,
  userId: string,
  id: string,
  body: UpdateSmtpAccountBody,
  requestId?: string,
): Promise<EmailAccount> {
  const current = await findOwnedAccount(deps.db, userId, id);
  if (current.provider !== 'smtp') {
    throw new AppError('BAD_REQUEST', 'Only SMTP accounts can be edited; reconnect Gmail or Outlook accounts instead');
  }
  const givenEmail = body.email?.trim();
  if (givenEmail && givenEmail.toLowerCase() !== current.email.toLowerCase()) {
    throw new AppError('BAD_REQUEST', 'The email address of an account cannot be changed');
  }

  const newPassword = body.password ?? '';
  const hasNewPassword = newPassword !== '';
  const settings = readSmtpForm(body, hasNewPassword ? newPassword : deps.box.open(current.secretSealed));
  assertPasswordReentered(current, settings, hasNewPassword);
  await verifySmtpSettings(settings, deps.config);
  const mailboxMoved =
    (current.imapHost === null && settings.host !== current.smtpHost) ||
    (current.imapUsername === null && settings.username !== current.smtpUsername);

  const outcome = await deps.db.transaction((tx) =>
    updateResuming(tx, userId, id, {
      displayName: displayNameOf(body, current.email),
      // Resealing also moves the row onto the current key after a rotation.
      ...sealedSmtpColumns(settings, deps.box),
      ...resealedImapPassword(current, deps.box),
      ...(mailboxMoved ? newFeedbackGeneration() : {}),
      status: 'active',
    }),
  );
  if (!outcome) throw accountNotFound();
  await announceResumed(deps, outcome, requestId);
  return toEmailAccount(outcome.row);
}
