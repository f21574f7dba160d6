import { describe, expect, it } from 'vitest';
import type { EmailRow } from '../db/schema/emails';
import { lastEventOf, toResendEmail } from './resend-email';

const row = (changes: Partial<EmailRow> = {}) =>
  ({
    id: 'e1',
    to: ['ada@example.com'],
    cc: [],
    bcc: ['boss@example.com'],
    fromEmail: 'team@acme.example',
    fromName: 'Acme',
    subject: 'Hi',
    body: '<p>Hi</p>',
    isHtml: true,
    text: 'Hi',
    replyTo: ['support@acme.example'],
    status: 'sent',
    opened: false,
    clicked: false,
    scheduledAt: null,
    createdAt: new Date('2030-01-01T00:00:00Z'),
    messageId: '<e1@mailwright>',
    tags: [{ name: 'a', value: 'b' }],
    ...changes,
  }) as EmailRow;

describe("an email in Resend's shape", () => {
  it('has the fields GET /emails/{id} answers', () => {
    expect(toResendEmail(row())).toEqual({
      object: 'email',
      id: 'e1',
      to: ['ada@example.com'],
      from: 'Acme <team@acme.example>',
      created_at: '2030-01-01T00:00:00.000Z',
      subject: 'Hi',
      html: '<p>Hi</p>',
      text: 'Hi',
      bcc: ['boss@example.com'],
      cc: [],
      reply_to: ['support@acme.example'],
      last_event: 'sent',
      scheduled_at: null,
      message_id: '<e1@mailwright>',
      tags: [{ name: 'a', value: 'b' }],
    });
    expect(toResendEmail(row({ isHtml: false, body: 'plain', text: null, fromName: null }))).toMatchObject({
      from: 'team@acme.example',
      html: null,
      text: 'plain',
    });
  });

  it('names the furthest event: status, then opened and clicked for a sent email', () => {
    expect(lastEventOf(row({ status: 'queued' }))).toBe('queued');
    expect(lastEventOf(row({ status: 'sending' }))).toBe('queued');
    expect(lastEventOf(row({ status: 'scheduled' }))).toBe('scheduled');
    expect(lastEventOf(row({ status: 'cancelled' }))).toBe('canceled');
    expect(lastEventOf(row({ status: 'bounced' }))).toBe('bounced');
    expect(lastEventOf(row({ status: 'suppressed' }))).toBe('suppressed');
    expect(lastEventOf(row({ status: 'failed' }))).toBe('failed');
    expect(lastEventOf(row({ opened: true }))).toBe('opened');
    expect(lastEventOf(row({ opened: true, clicked: true }))).toBe('clicked');
  });
});
