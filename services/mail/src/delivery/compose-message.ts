// The message as it leaves: nodemailer mail options built from the claimed row, with tracking added to HTML bodies.
import { UNSUBSCRIBE_PATH_PREFIX, UNSUBSCRIBE_SUBJECT_PREFIX } from '@mailwright/contracts';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { addTracking } from '../tracking/add-tracking';
import type { TrackingTokens } from '../tracking/tracking-token';
import type { ClaimedEmail } from './claim-emails';

export function mailOptions(email: ClaimedEmail, publicUrl: string, tokens: TrackingTokens): Mail.Options {
  const options: Mail.Options = {
    from: email.fromName ? { name: email.fromName, address: email.fromEmail } : email.fromEmail,
    to: email.to,
    cc: email.cc.length > 0 ? email.cc : undefined,
    bcc: email.bcc.length > 0 ? email.bcc : undefined,
    subject: email.subject,
    messageId: email.messageId,
    // The sender's own headers first: the platform's (checked at accept not to collide) are written after them.
    headers: { ...email.headers, 'X-Mailwright-Email-Id': email.id },
  };
  if (email.replyTo.length > 0) options.replyTo = email.replyTo;
  if (email.unsubscribe) options.headers = { ...options.headers, ...unsubscribeHeaders(email, publicUrl, tokens) };
  if (email.isHtml) {
    options.html = addTracking(email.body, email.id, publicUrl, tokens);
    // Both: MailComposer writes multipart/alternative (text first, HTML last, as RFC 2046 wants the preferred last).
    if (email.text !== null) options.text = email.text;
  } else options.text = email.body;
  return options;
}

/**
 * RFC 8058 one-click unsubscribe (the send was accepted with exactly one recipient): an https URL a mail client
 * POSTs to, and a mailto back to the sender's own mailbox, which the feedback reader reads.
 */
function unsubscribeHeaders(email: ClaimedEmail, publicUrl: string, tokens: TrackingTokens): Record<string, string> {
  const recipient = email.to[0] ?? '';
  const token = tokens.unsubscribeToken(email.id, recipient);
  const mailto = `mailto:${email.fromEmail}?subject=${encodeURIComponent(`${UNSUBSCRIBE_SUBJECT_PREFIX}${token}`)}`;
  return {
    'List-Unsubscribe': `<${publicUrl}${UNSUBSCRIBE_PATH_PREFIX}${token}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * RFC 5322 bytes for the HTTP APIs (Gmail raw, Graph MIME). Bcc stays in the headers: the APIs read recipients from
 * them. A submitted message is already bytes (compose-submitted.ts).
 */
export async function buildRawMessage(options: Mail.Options): Promise<Buffer> {
  if (Buffer.isBuffer(options.raw)) return options.raw;
  const node = new MailComposer(options).compile();
  node.keepBcc = true;
  return node.build();
}
