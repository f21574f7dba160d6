import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { verificationMail } from '../domain/mails/link-messages';
import { noticeMail } from '../domain/mails/notice-message';
import { createSystemMailer } from './system-mailer';

describe('system mailer without SYSTEM_SMTP_URL', () => {
  it('logs the link at info level so a local user can still verify', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const mailer = createSystemMailer({ from: 'Mailwright <no-reply@mailwright.local>', log: pino({ level: 'info' }, sink) });
    await mailer.send(verificationMail('a@b.co', 'A', 'http://localhost:8080/verify-email/abc'));
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'Verification link for a@b.co: http://localhost:8080/verify-email/abc' }),
    ]);
  });

  it('logs a notice, which has no link, by its subject', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const mailer = createSystemMailer({ from: 'Mailwright <no-reply@mailwright.local>', log: pino({ level: 'info' }, sink) });
    await mailer.send(noticeMail('a@b.co', 'A', 'Sending from a@b.co is paused', 'Body'));
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'Notice for a@b.co: Sending from a@b.co is paused' })]);
  });

  it('escapes the name in the HTML body', () => {
    const mail = verificationMail('a@b.co', '<script>x</script>', 'http://localhost/verify-email/t');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('http://localhost/verify-email/t');
  });
});
