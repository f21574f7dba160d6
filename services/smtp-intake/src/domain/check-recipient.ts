// RCPT TO: a plain address, and no more recipients per message than the API allows (to, cc and bcc together).
import { SMTP_INTAKE_LIMITS, SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import { SmtpReply } from './smtp-reply';

// One @, no spaces or angle brackets, a dot-free or dotted domain: the shape the send API stores (3–320 characters).
const ADDRESS = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+$/;

export function checkRecipient(address: string, alreadyAccepted: number, max = SMTP_INTAKE_LIMITS.recipientsMax): void {
  if (address.length < 3 || address.length > 320 || !ADDRESS.test(address)) {
    throw new SmtpReply(553, '5.1.3', `Invalid recipient address: ${address.slice(0, 100)}`, 'bad_recipient');
  }
  if (alreadyAccepted >= max) {
    throw new SmtpReply(452, '4.5.3', SMTP_INTAKE_MESSAGES.tooManyRecipients, 'too_many_recipients');
  }
}
