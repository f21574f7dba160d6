// What a receiving MTA does when it accepts a message and only later finds the recipient does not exist: it
// writes an RFC 3464 delivery status notification back to the envelope sender. The whole-stack tests' SMTP sink
// does this for recipients under LATE_BOUNCE_DOMAIN, putting the report in the sender's IMAP mailbox (the
// mailbox is named after the sender's address, as a mail host files bounces by Return-Path).
import { randomBytes } from 'node:crypto';
import type { ImapServer, SmtpPeerMessage } from '@mailwright/kit/testing';

export const LATE_BOUNCE_DOMAIN = 'bounce-later.test';

export function deliveryStatusNotification(message: SmtpPeerMessage, recipient: string, at = new Date()): string {
  const parsed = message.parsed;
  const boundary = `dsn-${randomBytes(6).toString('hex')}`;
  const diagnostic = `550 5.1.1 <${recipient}>: Recipient address rejected: User unknown in virtual mailbox table`;
  const quoted = [
    `Message-ID: ${parsed?.messageId ?? ''}`,
    `From: ${parsed?.from?.text ?? message.envelopeFrom}`,
    `To: ${recipient}`,
    `Subject: ${parsed?.subject ?? ''}`,
  ];
  return [
    `From: Mail Delivery System <MAILER-DAEMON@mx.${LATE_BOUNCE_DOMAIN}>`,
    `To: ${message.envelopeFrom}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Date: ${at.toUTCString()}`,
    `Message-ID: <${boundary}@mx.${LATE_BOUNCE_DOMAIN}>`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `This is the mail system at host mx.${LATE_BOUNCE_DOMAIN}.`,
    '',
    "I'm sorry to have to inform you that your message could not be delivered to one or more recipients.",
    '',
    `<${recipient}>: host mx.${LATE_BOUNCE_DOMAIN} said: ${diagnostic}`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    `Reporting-MTA: dns; mx.${LATE_BOUNCE_DOMAIN}`,
    `Arrival-Date: ${at.toUTCString()}`,
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    ...quoted,
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Files a DSN in the sender's mailbox for each recipient of the message under LATE_BOUNCE_DOMAIN. */
export async function bounceLater(imap: ImapServer, message: SmtpPeerMessage): Promise<void> {
  for (const recipient of message.envelopeTo) {
    if (recipient.endsWith(`@${LATE_BOUNCE_DOMAIN}`)) {
      await imap.append(message.envelopeFrom, deliveryStatusNotification(message, recipient));
    }
  }
}
