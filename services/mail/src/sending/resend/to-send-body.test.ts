import { AppError } from '@mailwright/kit';
import { describe, expect, it } from 'vitest';
import { parseMailbox, senderAddressOf } from './resend-address';
import { inResendTerms, scheduleOf, toSendEmailBody } from './to-send-body';

const base = { from: 'Acme <team@acme.example>', to: 'ada@example.com', subject: 'Hi', html: '<p>Hi</p>' };

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('Resend addresses', () => {
  it('reads "Name <address>", quoted names and bare addresses, and refuses anything else', () => {
    expect(parseMailbox('Acme <team@acme.example>')).toEqual({ name: 'Acme', address: 'team@acme.example' });
    expect(parseMailbox('"Doe, Jane \\"JD\\"" <jane@example.com>')).toEqual({
      name: 'Doe, Jane "JD"',
      address: 'jane@example.com',
    });
    expect(parseMailbox('  jane@example.com ')).toEqual({ name: null, address: 'jane@example.com' });
    expect(parseMailbox('<jane@example.com>')).toEqual({ name: null, address: 'jane@example.com' });
    expect(parseMailbox('a <b@c> <d@e>')).toBeNull();
    expect(parseMailbox('two words')).toBeNull();
    expect(senderAddressOf('Acme <TEAM@acme.example>')).toBe('TEAM@acme.example');
    expect(refusal(() => senderAddressOf('no-at-sign')).details).toEqual({ field: 'from' });
  });
});

describe('toSendEmailBody', () => {
  it("maps Resend's fields onto the send payload, the account chosen by from", () => {
    const body = toSendEmailBody(
      {
        ...base,
        to: ['Ada <ada@example.com>', 'alan@example.com'],
        cc: 'carol@example.com',
        bcc: ['dave@example.com'],
        reply_to: 'Support <support@acme.example>',
        text: 'Hi',
        headers: { 'X-Entity-Ref-ID': '42' },
        tags: [{ name: 'category', value: 'welcome' }],
        attachments: [
          { filename: 'a.pdf', content: 'JVBERi0=', content_type: 'application/pdf' },
          { path: 'https://files.example/reports/q%201.csv' },
        ],
        scheduled_at: '2030-01-05T13:00:00.000Z',
      },
      'account-1',
    );
    expect(body).toEqual({
      to: ['ada@example.com', 'alan@example.com'],
      cc: ['carol@example.com'],
      bcc: ['dave@example.com'],
      replyTo: ['support@acme.example'],
      emailAccountId: 'account-1',
      subject: 'Hi',
      body: '<p>Hi</p>',
      text: 'Hi',
      headers: { 'X-Entity-Ref-ID': '42' },
      tags: [{ name: 'category', value: 'welcome' }],
      attachments: [
        { filename: 'a.pdf', content: 'JVBERi0=', contentType: 'application/pdf' },
        { filename: 'q 1.csv', url: 'https://files.example/reports/q%201.csv' },
      ],
      scheduledAt: '2030-01-05T13:00:00.000Z',
    });
  });

  it('sends text alone without a body, and a template by its id and variables', () => {
    const textOnly = toSendEmailBody({ from: base.from, to: base.to, subject: 'S', text: 'plain' }, 'a');
    expect(textOnly).toEqual({ to: ['ada@example.com'], emailAccountId: 'a', subject: 'S', text: 'plain' });
    const template = toSendEmailBody({ from: base.from, to: base.to, template: { id: 't1', variables: { name: 'Ada' } } }, 'a');
    expect(template).toEqual({ to: ['ada@example.com'], emailAccountId: 'a', templateId: 't1', variables: { name: 'Ada' } });
  });

  it('names the missing field as Resend does, and refuses what Mailwright cannot send', () => {
    const { subject: _subject, ...noSubject } = base;
    expect(refusal(() => toSendEmailBody(noSubject, 'a'))).toMatchObject({
      statusCode: 422,
      message: 'Missing `subject` field.',
      details: { name: 'missing_required_field', field: 'subject' },
    });
    expect(refusal(() => toSendEmailBody({ from: base.from, to: base.to, subject: 's' }, 'a')).details.name).toBe(
      'missing_required_field',
    );
    expect(refusal(() => toSendEmailBody({ ...base, topic_id: 't' }, 'a')).details).toEqual({ field: 'topic_id' });
    expect(refusal(() => toSendEmailBody({ ...base, template: { id: 't' } }, 'a')).details).toEqual({ field: 'template' });
    expect(
      refusal(() => toSendEmailBody({ ...base, attachments: [{ content: 'aGk=', content_id: 'logo', filename: 'l.png' }] }, 'a'))
        .details,
    ).toEqual({ field: 'attachments[0].content_id' });
    expect(refusal(() => toSendEmailBody({ ...base, attachments: [{ content: 'aGk=' }] }, 'a')).details).toEqual({
      field: 'attachments[0].filename',
    });
    expect(refusal(() => toSendEmailBody({ ...base, attachments: [{ path: '//' }] }, 'a')).details).toEqual({
      field: 'attachments[0].filename',
    });
    expect(refusal(() => toSendEmailBody({ ...base, cc: ['a <b> <c>'] }, 'a')).message).toMatch(/^`cc` has an invalid address/);
  });
});

describe('scheduleOf', () => {
  const now = Date.parse('2030-01-01T00:00:00.000Z');
  it('reads Resend\'s "in N units" from now and passes ISO text through', () => {
    expect(scheduleOf('in 1 min', now)).toBe('2030-01-01T00:01:00.000Z');
    expect(scheduleOf('in 2 hours', now)).toBe('2030-01-01T02:00:00.000Z');
    expect(scheduleOf('In 3 Days', now)).toBe('2030-01-04T00:00:00.000Z');
    expect(scheduleOf('in 30 seconds', now)).toBe('2030-01-01T00:00:30.000Z');
    expect(scheduleOf('2030-02-01T10:00:00Z', now)).toBe('2030-02-01T10:00:00Z');
    expect(scheduleOf('in a while', now)).toBe('in a while');
    expect(scheduleOf(undefined, now)).toBeUndefined();
  });
});

describe('inResendTerms', () => {
  it("writes Mailwright's field names as the Resend caller wrote them", () => {
    expect(inResendTerms('scheduledAt must be in the future')).toBe('scheduled_at must be in the future');
    expect(inResendTerms('replyTo.0: Expected string to match email format')).toBe(
      'reply_to.0: Expected string to match email format',
    );
    expect(inResendTerms('body is required')).toBe('Missing `html` or `text` field (or `template`).');
    expect(inResendTerms('Request body is too large: the limit is 16 MB')).toBe('Request body is too large: the limit is 16 MB');
  });
});
