// MAIL FROM: the address must be one of the key owner's sender accounts or name one of their pools
// (pool+<id>@…); the mail service decides, and the session remembers its yes for a minute (approved-senders.ts).
// Each started message counts against the key's minute.
import { isPlainAddress, SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { IntakeDeps } from '../deps';
import type { ApprovedSenders } from './approved-senders';
import { mailErrorReply } from './mail-error-reply';
import { printable } from './printable';
import type { SignedIn } from './sign-in';
import { isSmtpReply, SmtpReply } from './smtp-reply';

export async function checkSender(
  deps: Pick<IntakeDeps, 'mail' | 'limits'>,
  user: Pick<SignedIn, 'apiKeyId' | 'userId'>,
  address: string,
  approved: ApprovedSenders,
): Promise<void> {
  if (!address) throw new SmtpReply(550, '5.7.1', SMTP_INTAKE_MESSAGES.notYourSender('<>'), 'not_your_sender');
  if (!isPlainAddress(address)) {
    throw new SmtpReply(553, '5.1.7', `Invalid sender address: ${printable(address)}`, 'bad_sender');
  }
  if (!approved.has(user.userId, address)) {
    try {
      await deps.mail.checkSender(user.userId, address);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new SmtpReply(550, '5.7.1', error.message, 'not_your_sender');
      }
      throw mailErrorReply(error);
    }
    approved.add(user.userId, address);
  }
  let allowed: boolean;
  try {
    allowed = await deps.limits.countMessage(user.apiKeyId);
  } catch (error) {
    throw isSmtpReply(error) ? error : mailErrorReply(error);
  }
  if (!allowed) throw new SmtpReply(451, '4.7.1', SMTP_INTAKE_MESSAGES.rateLimited, 'rate_limited');
}
