// Against the platform's own signer, so a change to its scheme fails here.
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../services/mail/src/webhooks/signature';
import { Mailwright, verifySignature } from '../src';

const secret = 'whsec_test-secret';
const body = JSON.stringify({ type: 'email.sent', data: { id: 'e1', subject: 'Grüße ✓' } });

describe('webhooks.verifySignature', () => {
  it("accepts the platform's signature of the raw body, as text or bytes", () => {
    const header = signatureHeader(secret, body);
    const mw = new Mailwright({ baseUrl: 'http://127.0.0.1:1' });
    expect(mw.webhooks.verifySignature(secret, body, header)).toBe(true);
    expect(verifySignature(secret, new TextEncoder().encode(body), header)).toBe(true);
  });

  it('refuses another body, another secret, a malformed or missing header', () => {
    const header = signatureHeader(secret, body);
    expect(verifySignature(secret, `${body} `, header)).toBe(false);
    expect(verifySignature('whsec_other', body, header)).toBe(false);
    // One hex digit of the signature changed (to another digit: '0' is already '0' one time in 16).
    const tampered = header.replace(/v1=(.)/, (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(header);
    expect(verifySignature(secret, body, tampered)).toBe(false);
    expect(verifySignature(secret, body, 'v1=abc')).toBe(false);
    expect(verifySignature(secret, body, 't=abc,v1=zz')).toBe(false);
    expect(verifySignature(secret, body, undefined)).toBe(false);
  });

  it('refuses a signature older or newer than 300 s unless told otherwise', () => {
    const now = Date.now();
    const t = Math.floor(now / 1000);
    expect(verifySignature(secret, body, signatureHeader(secret, body, t - 299), { now })).toBe(true);
    expect(verifySignature(secret, body, signatureHeader(secret, body, t - 301), { now })).toBe(false);
    expect(verifySignature(secret, body, signatureHeader(secret, body, t + 301), { now })).toBe(false);
    expect(verifySignature(secret, body, signatureHeader(secret, body, t - 600), { now, toleranceSeconds: 900 })).toBe(true);
  });
});
