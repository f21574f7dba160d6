import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';

const secret = 'key-secret';
const sign = (payload: string, key = secret) => createHmac('sha256', key).update(payload).digest('hex');

describe('payment signatures', () => {
  it('accepts HMAC-SHA256 of order_id|payment_id', () => {
    expect(isValidPaymentSignature(secret, 'order_1', 'pay_1', sign('order_1|pay_1'))).toBe(true);
  });

  it('rejects a signature for another payment, another key, or of another length', () => {
    expect(isValidPaymentSignature(secret, 'order_1', 'pay_2', sign('order_1|pay_1'))).toBe(false);
    expect(isValidPaymentSignature(secret, 'order_1', 'pay_1', sign('order_1|pay_1', 'other'))).toBe(false);
    expect(isValidPaymentSignature(secret, 'order_1', 'pay_1', sign('order_1|pay_1').slice(1))).toBe(false);
    expect(isValidPaymentSignature(secret, 'order_1', 'pay_1', '')).toBe(false);
  });
});

describe('webhook signatures', () => {
  it('signs the raw body bytes', () => {
    const body = Buffer.from('{"event":"payment.captured"}');
    expect(isValidWebhookSignature(secret, body, sign(body.toString()))).toBe(true);
    expect(isValidWebhookSignature(secret, Buffer.from('{"event": "payment.captured"}'), sign(body.toString()))).toBe(false);
  });
});
