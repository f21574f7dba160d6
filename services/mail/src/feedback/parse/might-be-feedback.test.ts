import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type HeaderSummary, mightBeFeedback } from './might-be-feedback';
import { fieldValue } from './mime/header-fields';
import { readMime } from './mime/read-mime';

const FIXTURES = new URL('../../../test/fixtures/feedback/', import.meta.url);

/** The summary a reader builds from a fixture's headers (what it gets without fetching the body). */
function summaryOf(name: string): HeaderSummary {
  const { headers } = readMime(readFileSync(new URL(name, FIXTURES)).toString('latin1'));
  return {
    from: fieldValue(headers, 'from'),
    subject: fieldValue(headers, 'subject'),
    contentType: fieldValue(headers, 'content-type'),
    inReplyTo: fieldValue(headers, 'in-reply-to'),
    references: fieldValue(headers, 'references'),
    autoSubmitted: fieldValue(headers, 'auto-submitted') || undefined,
    xFailedRecipients: fieldValue(headers, 'x-failed-recipients') || undefined,
  };
}

const EMPTY: HeaderSummary = {
  from: 'Someone <someone@example.com>',
  subject: 'Hello',
  contentType: 'text/plain',
  inReplyTo: '',
  references: '',
};

describe('mightBeFeedback', () => {
  it.each([
    'rfc3464-hard-bounce.eml',
    'rfc3464-rfc822-headers.eml',
    'rfc3464-delayed.eml',
    'gmail-report.eml',
    'gmail-plain-legacy.eml',
    'exchange-ndr.eml',
    'postfix-undelivered.eml',
    'exim-failed.eml',
    'qmail-failure.eml',
    'arf-complaint.eml',
    'human-reply.eml',
    'html-only-reply.eml',
    'auto-reply.eml',
  ])('asks for the body of %s', (name) => {
    expect(mightBeFeedback(summaryOf(name))).toBe(true);
  });

  it('leaves unrelated mail alone', () => {
    expect(mightBeFeedback(summaryOf('unrelated.eml'))).toBe(false);
    expect(mightBeFeedback(EMPTY)).toBe(false);
  });

  it('leaves a reply in a thread that is not ours alone', () => {
    expect(
      mightBeFeedback({ ...EMPTY, inReplyTo: '<abc@mail.example.com>', references: '<x@y.example> <abc@mail.example.com>' }),
    ).toBe(false);
  });

  it.each<[string, Partial<HeaderSummary>]>([
    ['a multipart/report of any kind', { contentType: 'Multipart/Report; report-type=feedback-report; boundary="x"' }],
    ['an X-Failed-Recipients header', { xFailedRecipients: 'nobody@example.com' }],
    ['a bounce subject', { subject: 'Undeliverable: Project kickoff' }],
    ['a postmaster sender', { from: 'postmaster@relay.example.org' }],
    ['a reply to ours found only in References', { references: '<x@y.example>\r\n <0b8c3a5e-4f7e@MailWright>' }],
  ])('asks for the body of a message with %s', (_what, change) => {
    expect(mightBeFeedback({ ...EMPTY, ...change })).toBe(true);
  });
});
