// RCPT TO: a plain address, and no more recipients per message than the API allows (to, cc and bcc together).
import { isPlainAddress, SMTP_INTAKE_LIMITS, SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import { printable } from './printable';
import { SmtpReply } from './smtp-reply';

export function checkRecipient(address: string, alreadyAccepted: number, max = SMTP_INTAKE_LIMITS.recipientsMax): void {
  if (!isPlainAddress(address)) {
    throw new SmtpReply(553, '5.1.3', `Invalid recipient address: ${printable(address)}`, 'bad_recipient');
  }
  if (alreadyAccepted >= max) {
    throw new SmtpReply(452, '4.5.3', SMTP_INTAKE_MESSAGES.tooManyRecipients, 'too_many_recipients');
  }
}
