// Razorpay signatures: HMAC-SHA256 in hex, compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one (different lengths never match). */
export function signatureMatches(expectedHex: string, receivedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const received = Buffer.from(receivedHex, 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** Checkout's success handler signature: HMAC-SHA256(order_id + "|" + payment_id, key secret). */
export function isValidPaymentSignature(keySecret: string, orderId: string, paymentId: string, signature: string): boolean {
  return signatureMatches(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
}

/** Webhook signature: HMAC-SHA256 over the raw request body bytes with the webhook secret. */
export function isValidWebhookSignature(webhookSecret: string, rawBody: Buffer, signature: string): boolean {
  return signatureMatches(hmacHex(webhookSecret, rawBody), signature);
}
