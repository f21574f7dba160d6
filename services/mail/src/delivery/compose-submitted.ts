// A message submitted over SMTP as it leaves: the bytes the application wrote, with only what the platform must set.
// - Message-ID is ours (`<email id@mailwright>`): bounces and replies read back from the mailbox find the email by
//   it (feedback/our-email-ids.ts), and no tenant can claim another's. The client's own Message-ID was its
//   idempotency key at accept.
// - X-Mailwright-* headers the client wrote are removed and X-Mailwright-Email-Id is set; Bcc never travels
//   over SMTP (the envelope carries those recipients) but the HTTP APIs (Gmail, Graph) read recipients from a
//   Bcc header, so they get one; Date is added when the client wrote none.
// - A pool's email takes the From of the account chosen to send it.
// - Tracking rewrites the first HTML part only (links and the open pixel), as the accept path read it.
import type Mail from 'nodemailer/lib/mailer/index.js';
import { editHead, headerValue, rewriteFirstHtml, splitEntity } from '../sending/smtp/mime-entities';
import { addTracking } from '../tracking/add-tracking';
import type { TrackingTokens } from '../tracking/tracking-token';
import type { ClaimedEmail } from './claim-emails';

const REPLACED = [
  'message-id',
  'bcc',
  'return-path',
  'x-mailwright-track',
  'x-mailwright-idempotency-key',
  'x-mailwright-email-id',
];
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function fromField(email: ClaimedEmail): string {
  if (!email.fromName) return `From: ${email.fromEmail}`;
  const name = PRINTABLE_ASCII.test(email.fromName)
    ? `"${email.fromName.replace(/(["\\])/g, '\\$1')}"`
    : `=?UTF-8?B?${Buffer.from(email.fromName, 'utf8').toString('base64')}?=`;
  return `From: ${name} <${email.fromEmail}>`;
}

export interface SubmittedOptions {
  publicUrl: string;
  tokens: TrackingTokens;
  /** Write the Bcc recipients into the header (HTTP APIs that read recipients from it). */
  bccHeader: boolean;
}

export function submittedMailOptions(email: ClaimedEmail, source: Buffer, options: SubmittedOptions): Mail.Options {
  let text = source.toString('latin1');
  if (email.isHtml && email.tracking) {
    text = rewriteFirstHtml(text, (html) => addTracking(html, email.id, options.publicUrl, options.tokens));
  }
  const { head, gap, body } = splitEntity(text);
  const remove = new Set(email.senderPoolId ? [...REPLACED, 'from'] : REPLACED);
  const added = [`Message-ID: ${email.messageId}`, `X-Mailwright-Email-Id: ${email.id}`];
  if (email.senderPoolId) added.unshift(fromField(email));
  if (headerValue(head, 'date') === null) added.push(`Date: ${new Date().toUTCString()}`);
  if (options.bccHeader && email.bcc.length > 0) added.push(`Bcc: ${email.bcc.join(', ')}`);
  return {
    envelope: { from: email.fromEmail, to: [...email.to, ...email.cc, ...email.bcc] },
    raw: Buffer.from(editHead(head, remove, added) + gap + body, 'latin1'),
  };
}
