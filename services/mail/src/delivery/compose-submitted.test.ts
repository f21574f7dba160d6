import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TrackingTokens } from '../tracking/tracking-token';
import type { ClaimedEmail } from './claim-emails';
import { buildRawMessage } from './compose-message';
import { submittedMailOptions } from './compose-submitted';

const tokens = new TrackingTokens('a-tracking-secret-for-tests');
const options = { publicUrl: 'https://mw.example', tokens, bccHeader: false };

const claimed = (changes: Partial<ClaimedEmail> = {}): ClaimedEmail => {
  const id = randomUUID();
  return {
    id,
    fromEmail: 'team@acme.example',
    fromName: 'Åsa Acme',
    to: ['ada@example.com'],
    cc: [],
    bcc: ['hidden@example.com'],
    isHtml: false,
    tracking: true,
    messageId: `<${id}@mailwright>`,
    senderPoolId: null,
    submitted: true,
    ...changes,
  } as ClaimedEmail;
};

const source = (head: string[]) => Buffer.from([...head, '', 'Hello there', ''].join('\r\n'), 'latin1');

describe('a submitted message as it leaves', () => {
  it('keeps the client headers and body, sets ours, drops Bcc and X-Mailwright-*, adds a Date only when missing', () => {
    const email = claimed();
    const written = source([
      'From: team@acme.example',
      'To: ada@example.com',
      'Bcc: hidden@example.com',
      'X-Mailwright-Track: off',
      'Message-ID: <mine@client>',
      'X-App: 1',
    ]);
    const built = submittedMailOptions(email, written, options);
    const text = (built.raw as Buffer).toString('latin1');
    expect(text).toMatch(
      new RegExp(
        `^Message-ID: <${email.id}@mailwright>\r\nX-Mailwright-Email-Id: ${email.id}\r\nDate: .+ GMT\r\nFrom: team@acme.example\r\nTo: ada@example.com\r\nX-App: 1\r\n\r\nHello there\r\n$`,
      ),
    );
    expect(built.envelope).toEqual({ from: 'team@acme.example', to: ['ada@example.com', 'hidden@example.com'] });

    const dated = submittedMailOptions(
      email,
      source(['From: team@acme.example', 'Date: Tue, 24 Nov 2026 10:00:00 +0000']),
      options,
    );
    expect((dated.raw as Buffer).toString('latin1').match(/^Date:/gm)).toHaveLength(1);
  });

  it('writes Bcc for the HTTP APIs and a pool account From (encoded when not ASCII)', async () => {
    const email = claimed({ senderPoolId: randomUUID() });
    const built = submittedMailOptions(email, source(['From: pool+x@mw.example', 'To: ada@example.com']), {
      ...options,
      bccHeader: true,
    });
    const text = (await buildRawMessage(built)).toString('latin1');
    expect(text).toContain(`From: =?UTF-8?B?${Buffer.from('Åsa Acme').toString('base64')}?= <team@acme.example>\r\n`);
    expect(text).not.toContain('pool+x');
    expect(text).toMatch(/^Bcc: hidden@example\.com\r$/m);
  });

  it('tracks the HTML part unless tracking is off', () => {
    const html = source(['From: team@acme.example', 'Content-Type: text/html; charset=utf-8'])
      .toString('latin1')
      .replace('Hello there', '<a href="https://acme.example/">go</a>');
    const tracked = submittedMailOptions(claimed({ isHtml: true }), Buffer.from(html, 'latin1'), options);
    expect(Buffer.from((tracked.raw as Buffer).toString('latin1').split('\r\n\r\n')[1] as string, 'base64').toString()).toContain(
      'https://mw.example/t/c/',
    );
    const untouched = submittedMailOptions(claimed({ isHtml: true, tracking: false }), Buffer.from(html, 'latin1'), options);
    expect((untouched.raw as Buffer).toString('latin1')).toContain('<a href="https://acme.example/">go</a>');
  });
});
