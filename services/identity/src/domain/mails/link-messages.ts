// Texts of the verification and password-reset mails. The name is cleaned again here (accounts made before
// names were cleaned at sign-up, names from providers) and escaped in the HTML part.

import type { LinkMessage } from '../../adapters/system-mailer';
import { cleanDisplayName } from '../display-name';
import { escapeHtml } from './escape-html';

/** The name for "Hi …,": cleaned of lines and links; "there" when nothing is left. */
export const greetingName = (name: string) => cleanDisplayName(name) || 'there';

function linkMail(
  to: string,
  rawName: string,
  subject: string,
  label: string,
  intro: string,
  action: string,
  outro: string,
  link: string,
): LinkMessage {
  const name = greetingName(rawName);
  const text = `Hi ${name},\n\n${intro}\n\n${link}\n\n${outro}\n\n— Mailwright`;
  const html = `<p>Hi ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p><p>${escapeHtml(outro)}</p><p>— Mailwright</p>`;
  return { to, subject, label, link, text, html };
}

export function verificationMail(to: string, name: string, link: string): LinkMessage {
  return linkMail(
    to,
    name,
    'Verify your email address',
    'Verification link',
    'Thanks for signing up for Mailwright. Please confirm your email address by opening this link:',
    'Verify email',
    'The link expires in 24 hours. If you did not sign up, you can ignore this email.',
    link,
  );
}

export function passwordResetMail(to: string, name: string, link: string): LinkMessage {
  return linkMail(
    to,
    name,
    'Reset your password',
    'Password reset link',
    'We received a request to reset your Mailwright password. Open this link to choose a new one:',
    'Reset password',
    'The link expires in 1 hour and works once. If you did not ask for it, you can ignore this email.',
    link,
  );
}
