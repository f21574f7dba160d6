// What gives a non-standard delivery report away before its text is read: the subjects mail servers give them
// (Gmail, Exchange / Office 365, Postfix, Exim, Sendmail, qmail and others) and the daemon addresses they
// come from. Used by the header prefilter and by the text reader alike.
import { firstAddressIn } from './addresses';
import { isDaemonAddress } from './auto-generated';

const BOUNCE_SUBJECT_STARTS = [
  'delivery status notification',
  'undeliverable:',
  'undeliverable mail',
  'undelivered mail',
  'undelivered:',
  'mail delivery failed',
  'mail delivery failure',
  'mail delivery subsystem',
  'delivery failure',
  'delivery has failed',
  'delivery notification',
  'failure notice',
  'returned mail',
  'mail system error',
  'non-delivery',
  'nondeliverable',
  'message not delivered',
  'delayed mail',
  'warning: message',
  'warning: could not send message',
];

export function hasBounceSubject(subject: string): boolean {
  const text = subject.trim().slice(0, 200).toLowerCase();
  return BOUNCE_SUBJECT_STARTS.some((start) => text.startsWith(start));
}

/** Whether `from` (a header value or a bare address) is a mailer daemon or a "Mail Delivery …" sender. */
export function isDaemonSender(from: string): boolean {
  const text = from.slice(0, 1_000);
  const address = firstAddressIn(text);
  if (address && isDaemonAddress(address)) return true;
  const lower = text.toLowerCase();
  return lower.includes('mail delivery') || lower.includes('microsoftexchange');
}

/** A subject that says the report is a warning about a delay, not a failure. */
export function isDelaySubject(subject: string): boolean {
  const lower = subject.slice(0, 200).toLowerCase();
  return lower.includes('delay') || lower.startsWith('warning:');
}
