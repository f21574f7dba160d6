import { describe, expect, it } from 'vitest';
import { passwordResetMail, verificationMail } from './link-messages';
import { signUpAttemptMail } from './sign-up-attempt-message';

describe("the user's name in the platform's own mails", () => {
  const hostile = 'Ada\r\nClick https://evil.test/win or www.evil.test <b>now</b>';
  const mails = [
    verificationMail('a@b.co', hostile, 'http://localhost/verify-email/t'),
    passwordResetMail('a@b.co', hostile, 'http://localhost/reset-password/t'),
    signUpAttemptMail('a@b.co', hostile, { signIn: 'http://localhost/login', reset: 'http://localhost/forgot-password' }),
  ];

  it('greets with the name on one line, without its links', () => {
    for (const mail of mails) {
      expect(mail.text.split('\n')[0]).toBe('Hi Ada Click or <b>now</b>,');
      expect(`${mail.text}${mail.html}`).not.toContain('evil.test');
    }
  });

  it('escapes the name in the HTML part', () => {
    for (const mail of mails) {
      expect(mail.html).toContain('<p>Hi Ada Click or &lt;b&gt;now&lt;/b&gt;,</p>');
      expect(mail.html).not.toContain('<b>');
    }
  });

  it('falls back to a neutral greeting when nothing of the name is left', () => {
    expect(verificationMail('a@b.co', 'https://evil.test', 'http://localhost/v/t').text.startsWith('Hi there,')).toBe(true);
  });
});
