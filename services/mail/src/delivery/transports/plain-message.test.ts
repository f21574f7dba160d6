import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { describe, expect, it } from 'vitest';
import { buildPlainMessage } from './plain-message';

const base: Mail.Options = {
  from: { name: 'Ada Lovelace', address: 'ada@example.com' },
  to: ['bob@example.net', 'carol@example.net'],
  cc: ['dan@example.net'],
  bcc: ['eve@example.net'],
  subject: 'Quarterly numbers',
  messageId: '<6f1c7d8e@mailwright>',
  headers: { 'X-Mailwright-Email-Id': '6f1c7d8e' },
  text: 'Hello Bob,\nthe numbers are in.\n',
};

async function parsed(options: Mail.Options) {
  const built = buildPlainMessage(options);
  expect(built).not.toBeNull();
  return { built: built!, mail: await simpleParser(built!.raw) };
}

describe('buildPlainMessage', () => {
  it('writes the headers and body a mail client reads back, Bcc only in the envelope', async () => {
    const { built, mail } = await parsed(base);
    expect(built.envelope).toEqual({
      from: 'ada@example.com',
      to: ['bob@example.net', 'carol@example.net', 'dan@example.net', 'eve@example.net'],
    });
    expect(mail.from?.value).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([
      'bob@example.net',
      'carol@example.net',
    ]);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.subject).toBe('Quarterly numbers');
    expect(mail.messageId).toBe('<6f1c7d8e@mailwright>');
    expect(mail.headers.get('x-mailwright-email-id')).toBe('6f1c7d8e');
    expect(mail.headers.get('mime-version')).toBe('1.0');
    expect(mail.date).toBeInstanceOf(Date);
    expect(mail.text).toBe('Hello Bob,\nthe numbers are in.\n');
    expect(built.raw.toString()).not.toMatch(/[^\r]\n/);
  });

  it('encodes what is not plain ASCII and keeps long lines under 78 characters', async () => {
    const longLine = `${'Straße & café — '.repeat(20)}end`;
    const html = `<p>${longLine}</p>\n<p>trailing space \n.dot line</p>`;
    const options: Mail.Options = {
      ...base,
      from: { name: 'Zoë "the boss" Müller', address: 'zoe@example.com' },
      subject: `Grüße aus Köln — ${'a very long subject '.repeat(5)}end`,
      text: undefined,
      html,
    };
    const { built, mail } = await parsed(options);
    const raw = built.raw.toString();
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    expect(raw).toMatch(/^Content-Transfer-Encoding: quoted-printable\r$/m);
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect([...raw].every((char) => char.charCodeAt(0) < 128)).toBe(true);
    expect(mail.from?.value[0]).toEqual({ name: 'Zoë "the boss" Müller', address: 'zoe@example.com' });
    expect(mail.subject).toBe(options.subject);
    expect(mail.html).toBe(`${html}\n`); // a final line break, as MailComposer adds
  });

  it('reads back the same as MailComposer builds it', async () => {
    const options: Mail.Options = {
      ...base,
      from: { name: 'Dr. Who', address: 'who@example.com' },
      html: '<b>Hi</b> there',
      text: undefined,
    };
    const ours = await simpleParser(buildPlainMessage(options)!.raw);
    const theirs = await simpleParser(await new MailComposer(options).compile().build());
    for (const field of ['subject', 'messageId', 'html', 'text'] as const) expect(ours[field]).toEqual(theirs[field]);
    expect(ours.from?.value).toEqual(theirs.from?.value);
    expect(ours.cc).toEqual(theirs.cc);
  });

  it('writes HTML with its text version as multipart/alternative, read back as MailComposer builds it', async () => {
    const options: Mail.Options = {
      ...base,
      html: `<p>Grüße, ${'long line '.repeat(20)}</p>\n<p><a href="https://example.com/x?a=1&b=2">Start</a></p>`,
      text: `Grüße, ${'long line '.repeat(20)}\nStart [https://example.com/x?a=1&b=2]`,
    };
    const built = buildPlainMessage(options);
    expect(built).not.toBeNull();
    const raw = built!.raw.toString();
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw.indexOf('Content-Type: text/plain')).toBeLessThan(raw.indexOf('Content-Type: text/html'));
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    const ours = await simpleParser(built!.raw);
    const theirs = await simpleParser(await new MailComposer(options).compile().build());
    for (const field of ['subject', 'messageId', 'html', 'text'] as const) expect(ours[field]).toEqual(theirs[field]);
    expect(ours.attachments).toEqual([]);
  });

  it('leaves attachments, alternatives and addresses that need parsing to MailComposer', () => {
    expect(buildPlainMessage({ ...base, attachments: [{ filename: 'a.txt', content: 'a' }] })).toBeNull();
    expect(buildPlainMessage({ ...base, alternatives: [{ contentType: 'text/x-web-markdown', content: '**x**' }] })).toBeNull();
    expect(buildPlainMessage({ ...base, html: Buffer.from('<b>x</b>') })).toBeNull();
    expect(buildPlainMessage({ ...base, to: ['Bob <bob@example.net>'] })).toBeNull();
    expect(buildPlainMessage({ ...base, to: ['bøb@example.net'] })).toBeNull();
    expect(buildPlainMessage({ ...base, to: [], cc: [], bcc: [] })).toBeNull();
  });
});
