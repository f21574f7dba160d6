import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyMessage, type MailboxFinding } from './classify-message';

const FIXTURES = new URL('../../../test/fixtures/feedback/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));
const classifyFixture = (name: string) => classifyMessage(fixture(name));
/** A fixture with its header section changed: `edit` gets and returns the text before the first empty line. */
const withHeaders = (name: string, edit: (headers: string) => string) => {
  const text = fixture(name).toString('utf8');
  const end = text.indexOf('\n\n');
  return Buffer.from(edit(text.slice(0, end)) + text.slice(end));
};

describe('classifyMessage: RFC 3464 delivery status notifications', () => {
  it('reads a hard bounce with the original enclosed as message/rfc822', async () => {
    expect(await classifyFixture('rfc3464-hard-bounce.eml')).toEqual({
      kind: 'bounce',
      permanent: true,
      code: '5.1.1',
      diagnostic: '550 5.1.1 <nobody@example-isp.net>: Recipient address rejected: User unknown in local recipient table',
      recipient: 'nobody@example-isp.net',
      messageIds: ['<0b8c3a5e-4f7e-4d1a-9c52-3e1f0a6b7c21@mailwright>'],
      at: new Date('2025-01-14T09:12:40Z'),
    });
  });

  it('reads the first failed recipient and the folded Message-ID of a text/rfc822-headers part', async () => {
    expect(await classifyFixture('rfc3464-rfc822-headers.eml')).toEqual({
      kind: 'bounce',
      permanent: true,
      code: '5.1.2',
      diagnostic: '550 5.1.2 Host unknown (Name server: nowhere.example.org: host not found)',
      recipient: 'gone@example.org',
      messageIds: ['<5d2e9f10-7a3b-4c8d-8e1f-2b6a9c0d4e53@mailwright>'],
      at: new Date('2025-01-15T15:39:58Z'),
    });
  });

  it('reads a delayed delivery as a temporary bounce', async () => {
    expect(await classifyFixture('rfc3464-delayed.eml')).toEqual({
      kind: 'bounce',
      permanent: false,
      code: '4.4.7',
      diagnostic: 'connect to mx.busy.example[203.0.113.40]:25: Connection timed out',
      recipient: 'slow@busy.example',
      messageIds: ['<9a7f3c21-0d4e-4b6a-8f25-7c1b3e9d0a64@mailwright>'],
      at: new Date('2025-01-16T09:04:58Z'),
    });
  });

  it("reads Gmail's multipart/report, its X-Original-Message-ID folding into the same id", async () => {
    const finding = await classifyFixture('gmail-report.eml');
    expect(finding).toMatchObject({
      kind: 'bounce',
      permanent: true,
      code: '5.1.1',
      recipient: 'no.such.user@example.com',
      messageIds: ['<3f6d1b2a-8c4e-4f90-a1d7-5e2b9c8f0a11@mailwright>'],
      at: new Date('2025-01-17T10:15:32Z'),
    });
    expect(finding.kind === 'bounce' && finding.diagnostic).toMatch(
      /^550-5\.1\.1 The email account that you tried to reach does not exist/,
    );
  });

  it('reads a Postfix "Undelivered Mail Returned to Sender" report', async () => {
    expect(await classifyFixture('postfix-undelivered.eml')).toEqual({
      kind: 'bounce',
      permanent: true,
      code: '5.2.2',
      diagnostic: '552 5.2.2 <full@storage.example>: Mailbox full, quota exceeded',
      recipient: 'full@storage.example',
      messageIds: ['<e2d4f6a8-1357-4b9d-8c0e-2468ace13579@mailwright>'],
      at: new Date('2025-01-21T11:02:07Z'),
    });
  });

  it('takes a report whose recipients were all delivered for unrelated mail', async () => {
    const delivered = fixture('rfc3464-delayed.eml')
      .toString('utf8')
      .replace('Action: delayed', 'Action: delivered')
      .replace('Status: 4.4.7', 'Status: 2.0.0');
    expect(await classifyMessage(Buffer.from(delivered))).toEqual({ kind: 'unrelated' });
  });

  it('reads a failed action without a status code from the diagnostic, and a failed 4.x.x as temporary', async () => {
    const text = fixture('rfc3464-hard-bounce.eml').toString('utf8');
    const noStatus = await classifyMessage(Buffer.from(text.replace('Status: 5.1.1\n', '')));
    expect(noStatus).toMatchObject({ kind: 'bounce', permanent: true, code: '5.1.1' });
    const temporary = await classifyMessage(Buffer.from(text.replace('Status: 5.1.1', 'Status: 4.2.2')));
    expect(temporary).toMatchObject({ kind: 'bounce', permanent: false, code: '4.2.2' });
  });
});

describe('classifyMessage: prose bounces', () => {
  it("reads Gmail's older plain-text notice and the ids it quotes", async () => {
    expect(await classifyFixture('gmail-plain-legacy.eml')).toEqual({
      kind: 'bounce',
      permanent: true,
      code: '5.1.1',
      diagnostic: '550 5.1.1 <Nobody@Example.NET>... User unknown',
      recipient: 'nobody@example.net',
      messageIds: ['<7c2e4a90-1b3d-4e5f-8a6b-9d0c1e2f3a45@mailwright>'],
      at: new Date('2012-09-10T14:42:18Z'),
    });
  });

  it('reads an Exchange / Office 365 NDR', async () => {
    expect(await classifyFixture('exchange-ndr.eml')).toEqual({
      kind: 'bounce',
      permanent: true,
      code: '5.1.10',
      diagnostic:
        "Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'",
      recipient: 'missing.person@fabrikam.com',
      messageIds: ['<c41e8d27-6a09-4b35-9f12-8e7d3a5b0c96@mailwright>'],
      at: new Date('2025-01-20T08:31:06Z'),
    });
  });

  it('reads an Exim "Mail delivery failed" text, not the code in the copy of the message', async () => {
    expect(await classifyFixture('exim-failed.eml')).toEqual({
      kind: 'bounce',
      permanent: true,
      code: '5.1.1',
      diagnostic: '550 5.1.1 <nobody@example.net>: Recipient address rejected: User unknown in virtual mailbox table',
      recipient: 'nobody@example.net',
      messageIds: ['<1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d@mailwright>', '<order-7781@shop.sender.test>'],
      at: new Date('2025-01-22T17:20:45Z'),
    });
  });

  it('reads a qmail failure notice', async () => {
    expect(await classifyFixture('qmail-failure.eml')).toEqual({
      kind: 'bounce',
      permanent: true,
      code: '5.1.1',
      diagnostic: 'Sorry, no mailbox here by that name. (#5.1.1)',
      recipient: 'left.company@oldhost.example',
      messageIds: ['<8b9c0d1e-2f3a-4b5c-9d6e-7f8a9b0c1d2e@mailwright>'],
      at: new Date('2025-01-23T06:44:19Z'),
    });
  });

  it('falls back to the report’s own In-Reply-To when the text quotes no ids', async () => {
    const ndr = fixture('exchange-ndr.eml').toString('utf8');
    const body = ndr.slice(0, ndr.indexOf('Original message headers:'));
    const withoutOriginal = `${body}--_002_0f5c1a9e2b7d4c3e8a6f1d2b9c0e4a57DM6PR11MB4691namprd11pro_--\n`;
    expect(await classifyMessage(Buffer.from(withoutOriginal))).toMatchObject({
      kind: 'bounce',
      messageIds: ['<c41e8d27-6a09-4b35-9f12-8e7d3a5b0c96@mailwright>'],
    });
  });

  it('reads a temporary SMTP answer in prose as a temporary bounce', async () => {
    const text = fixture('exim-failed.eml').toString('utf8').replace('550 5.1.1 <nobody', '452 4.2.2 <nobody');
    expect(await classifyMessage(Buffer.from(text))).toMatchObject({ kind: 'bounce', permanent: false, code: '4.2.2' });
  });
});

describe('classifyMessage: complaints', () => {
  it('reads an ARF abuse report', async () => {
    expect(await classifyFixture('arf-complaint.eml')).toEqual({
      kind: 'complaint',
      recipient: 'complainer@mailbox-provider.example',
      messageIds: ['<6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f@mailwright>'],
      at: new Date('2025-01-24T17:58:11Z'),
    });
  });

  it('takes the enclosed To when Original-Rcpt-To is missing', async () => {
    const text = fixture('arf-complaint.eml')
      .toString('utf8')
      .replace(/^Original-Rcpt-To: .*\n/m, '');
    expect(await classifyMessage(Buffer.from(text))).toMatchObject({
      kind: 'complaint',
      recipient: 'complainer@mailbox-provider.example',
    });
  });

  it('does not take a not-spam report for a complaint', async () => {
    const text = fixture('arf-complaint.eml').toString('utf8').replace('Feedback-Type: abuse', 'Feedback-Type: not-spam');
    expect(await classifyMessage(Buffer.from(text))).toEqual({ kind: 'unrelated' });
  });
});

describe('classifyMessage: replies', () => {
  it('reads a person’s reply without the quoted text', async () => {
    expect(await classifyFixture('human-reply.eml')).toEqual({
      kind: 'reply',
      messageIds: ['<0b8c3a5e-4f7e-4d1a-9c52-3e1f0a6b7c21@mailwright>', '<thread-start-0912@client.example>'],
      from: 'bjorn@customer.example',
      subject: 'Re: Your January invoice',
      date: new Date('2025-01-27T10:14:49Z'),
      snippet: 'Hi Ana, Thanks — the invoice looks right. Could you send it again with our VAT number on it? Best, Björn',
    });
  });

  it('reduces an HTML-only reply to text and stops at the Outlook quote', async () => {
    expect(await classifyFixture('html-only-reply.eml')).toEqual({
      kind: 'reply',
      messageIds: ['<5d2e9f10-7a3b-4c8d-8e1f-2b6a9c0d4e53@mailwright>'],
      from: 'carla@client.example',
      subject: 'RE: Meeting next week',
      date: new Date('2025-01-28T14:02:11Z'),
      snippet: 'Tuesday at 3 works for me. Carla',
    });
  });

  it('does not take an out-of-office answer for a reply', async () => {
    expect(await classifyFixture('auto-reply.eml')).toEqual({ kind: 'unrelated' });
  });

  it.each([
    ['Precedence: bulk', (headers: string) => `${headers}\nPrecedence: bulk`],
    ['Auto-Submitted: auto-generated', (headers: string) => `${headers}\nAuto-Submitted: auto-generated`],
    ['a mailer daemon', (headers: string) => headers.replace(/^From: .*$/m, 'From: MAILER-DAEMON@client.example')],
  ])('does not take a message marked %s for a reply', async (_mark, edit) => {
    expect(await classifyMessage(withHeaders('html-only-reply.eml', edit))).toEqual({ kind: 'unrelated' });
  });

  it('takes Auto-Submitted: no for a person', async () => {
    const message = withHeaders('html-only-reply.eml', (headers) => `${headers}\nAuto-Submitted: no`);
    expect(await classifyMessage(message)).toMatchObject({ kind: 'reply' });
  });

  it('keeps only the first 200 characters of a long reply', async () => {
    const long = withHeaders('auto-reply.eml', (headers) => headers.replace(/^Auto-Submitted: .*\n/m, ''));
    const text = long.toString('utf8').replace('I am out of the office', `${'word '.repeat(100)}I am out`);
    const finding = await classifyMessage(Buffer.from(text));
    expect(finding.kind === 'reply' && finding.snippet).toBe(`${'word '.repeat(40).trim()}`);
  });
});

describe('classifyMessage: everything else', () => {
  it('takes mail that mentions failures and 550 but is not a report for unrelated', async () => {
    expect(await classifyFixture('unrelated.eml')).toEqual({ kind: 'unrelated' });
  });

  it.each<[string, Buffer]>([
    ['an empty message', Buffer.alloc(0)],
    ['random bytes', Buffer.from(Array.from({ length: 50_000 }, (_, index) => (index * 7919 + 13) % 256))],
    ['headers only', Buffer.from('From: someone@example.com\nSubject: hi')],
    [
      'a multipart without its boundary',
      Buffer.from('Content-Type: multipart/report; report-type=delivery-status\n\n--x\nAction: failed\n'),
    ],
    [
      'a truncated report',
      Buffer.from(
        'Content-Type: multipart/report; boundary=b\n\n--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; x\n\nFinal-Rec',
      ),
    ],
    [
      'base64 junk in a report',
      Buffer.from(
        'Content-Type: multipart/report; boundary=b\n\n--b\nContent-Type: message/delivery-status\nContent-Transfer-Encoding: base64\n\n!!!@@@\n--b--\n',
      ),
    ],
    [
      'deep nesting',
      Buffer.from(
        `${Array.from({ length: 60 }, (_, i) => `Content-Type: multipart/mixed; boundary=b${i}\n\n--b${i}\n`).join('')}x`,
      ),
    ],
    [
      '8-bit junk headers',
      Buffer.concat([
        Buffer.from('Subject: '),
        Buffer.from([0xff, 0xfe, 0x00, 0x80]),
        Buffer.from('\nIn-Reply-To: <\u0000>\n\nbody'),
      ]),
    ],
  ])('does not throw on %s', async (_name, raw) => {
    const finding: MailboxFinding = await classifyMessage(raw);
    expect(['unrelated', 'bounce', 'reply', 'complaint']).toContain(finding.kind);
  });

  it('reads a truncated report as far as it goes', async () => {
    const text = fixture('rfc3464-hard-bounce.eml').toString('utf8');
    const truncated = text.slice(0, text.indexOf('Return-Path: <ana@sender.test>'));
    expect(await classifyMessage(Buffer.from(truncated))).toMatchObject({
      kind: 'bounce',
      permanent: true,
      recipient: 'nobody@example-isp.net',
    });
  });

  it('dates a report without any date now', async () => {
    const text = fixture('exim-failed.eml')
      .toString('utf8')
      .replace(/^Date: .*\n/m, '');
    const finding = await classifyMessage(Buffer.from(text));
    expect(finding.kind === 'bounce' && Math.abs(finding.at.getTime() - Date.now())).toBeLessThan(5_000);
  });
});
