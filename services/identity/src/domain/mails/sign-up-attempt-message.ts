// The mail an account owner gets when someone signs up with their address (sign-up answers as for a new
// account, so the person signing up learns nothing; the owner learns what happened and how to get in).

import type { LinkMessage } from '../../adapters/system-mailer';
import { escapeHtml } from './escape-html';
import { greetingName } from './link-messages';

export function signUpAttemptMail(to: string, rawName: string, links: { signIn: string; reset: string }): LinkMessage {
  const name = greetingName(rawName);
  const intro =
    'Someone tried to sign up for Mailwright with your email address. You already have an account, so nothing was changed.';
  const action = 'If it was you, sign in here:';
  const forgot = 'Forgot your password? Choose a new one here:';
  const outro = 'If it was not you, you can ignore this email: your account is safe.';
  const text = `Hi ${name},\n\n${intro}\n\n${action}\n${links.signIn}\n\n${forgot}\n${links.reset}\n\n${outro}\n\n— Mailwright`;
  const html = `<p>Hi ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(action)} <a href="${escapeHtml(links.signIn)}">Sign in</a></p><p>${escapeHtml(forgot)} <a href="${escapeHtml(links.reset)}">Reset password</a></p><p>${escapeHtml(outro)}</p><p>— Mailwright</p>`;
  return {
    to,
    subject: 'Someone tried to sign up with your email address',
    label: 'Sign-up attempt notice',
    link: links.signIn,
    text,
    html,
  };
}
