import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader, verifySignature } from './signature';

describe('webhook signatures', () => {
  it('signs t.body with HMAC-SHA256 and verifies', () => {
    const secret = newWebhookSecret();
    const body = '{"type":"email.sent"}';
    const header = signatureHeader(secret, body, 1_700_000_000);
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
    expect(verifySignature(secret, body, header, 300, 1_700_000_000_000)).toBe(true);
  });

  it('rejects a changed body, another secret and an old timestamp', () => {
    const secret = newWebhookSecret();
    const header = signatureHeader(secret, 'a', 1_700_000_000);
    expect(verifySignature(secret, 'b', header, 300, 1_700_000_000_000)).toBe(false);
    expect(verifySignature(newWebhookSecret(), 'a', header, 300, 1_700_000_000_000)).toBe(false);
    expect(verifySignature(secret, 'a', header, 300, 1_700_001_000_000)).toBe(false);
    expect(verifySignature(secret, 'a', 'garbage', 300, 1_700_000_000_000)).toBe(false);
  });
});
