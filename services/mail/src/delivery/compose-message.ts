// The message as it leaves: nodemailer mail options built from the claimed row, with tracking added to HTML bodies.
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
    headers: { 'X-Mailwright-Email-Id': email.id },
  };
  if (email.isHtml) options.html = addTracking(email.body, email.id, publicUrl, tokens);
  else options.text = email.body;
  return options;
}

/** RFC 5322 bytes for the HTTP APIs (Gmail raw, Graph MIME). Bcc stays in the headers: the APIs read recipients from them. */
export async function buildRawMessage(options: Mail.Options): Promise<Buffer> {
  const node = new MailComposer(options).compile();
  node.keepBcc = true;
  return node.build();
}
