// A plain notice another service asks identity to mail a user (e.g. accounts: "your sender is paused"). The
// caller writes the body; identity adds the greeting and sign-off and builds the escaped HTML part.
import type { SystemMessage } from '../../adapters/system-mailer';
import { escapeHtml } from './escape-html';
import { greetingName } from './link-messages';

export function noticeMail(to: string, rawName: string, subject: string, body: string): SystemMessage {
  const name = greetingName(rawName);
  const text = `Hi ${name},\n\n${body.trim()}\n\n— Mailwright`;
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
  return { to, subject, label: 'Notice', text, html: paragraphs };
}
