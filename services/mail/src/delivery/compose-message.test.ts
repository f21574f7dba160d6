import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TrackingTokens } from '../tracking/tracking-token';
import type { ClaimedEmail } from './claim-emails';
import { buildRawMessage, mailOptions } from './compose-message';
import { buildPlainMessage } from './transports/plain-message';

const tokens = new TrackingTokens('a-tracking-secret-for-tests');

const claimed = (changes: Partial<ClaimedEmail> = {}): ClaimedEmail => {
  const id = randomUUID();
  return {
    id,
    fromEmail: 'team@acme.example',
    fromName: 'Acme',
    to: ['ada@example.com'],
    cc: [],
    bcc: [],
    subject: 'Invoice',
    body: '<p>Invoice <b>42</b></p>',
    isHtml: true,
    text: 'Invoice 42',
    replyTo: ['support@acme.example'],
    headers: { 'X-Entity-Ref-ID': 'inv-42' },
    tags: [{ name: 'category', value: 'invoice' }],
    messageId: `<${id}@mailwright>`,
    unsubscribe: false,
    hasAttachments: false,
    ...changes,
  } as ClaimedEmail;
};

describe('the composed message', () => {
  it('is multipart/alternative for html and text, with Reply-To and the custom headers, and no tags', async () => {
    const email = claimed();
    const options = mailOptions(email, 'https://mw.example', tokens);
    // The one-pass builder leaves alternatives and Reply-To to MailComposer.
    expect(buildPlainMessage(options)).toBeNull();
    const raw = (await buildRawMessage(options)).toString();
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;\r\n boundary=/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    expect(raw.indexOf('Invoice 42')).toBeLessThan(raw.indexOf('Invoice <b>42</b>'));
    expect(raw).toMatch(/^Reply-To: support@acme\.example\r$/m);
    expect(raw).toMatch(/^X-Entity-Ref-ID: inv-42\r$/m);
    expect(raw).toMatch(new RegExp(`^X-Mailwright-Email-Id: ${email.id}\\r$`, 'im'));
    expect(raw).not.toContain('category');
  });

  it('keeps a text-only or html-only email single-part, as before', () => {
    const textOnly = mailOptions(
      claimed({ isHtml: false, body: 'plain', text: null, replyTo: [], headers: {} }),
      'https://mw.example',
      tokens,
    );
    expect(textOnly.html).toBeUndefined();
    expect(textOnly.replyTo).toBeUndefined();
    expect(buildPlainMessage(textOnly)?.raw.toString()).toMatch(/^Content-Type: text\/plain; charset=utf-8/);
    const htmlOnly = mailOptions(
      claimed({ text: null, replyTo: [], headers: { 'X-Campaign': 'spring' } }),
      'https://mw.example',
      tokens,
    );
    expect(htmlOnly.text).toBeUndefined();
    const raw = buildPlainMessage(htmlOnly)?.raw.toString() ?? '';
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/);
    expect(raw).toMatch(/^X-Campaign: spring\r$/m);
  });
});
