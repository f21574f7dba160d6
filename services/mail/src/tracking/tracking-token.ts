// Signed tokens in tracking URLs: 16 bytes of email id, 2 bytes of link index (0xffff = the open pixel)
// and a truncated HMAC-SHA256 over both. Nothing in a token is trusted until the HMAC matches.
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

const OPEN_INDEX = 0xffff;
const MAC_BYTES = 12;
const PAYLOAD_BYTES = 18;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{40}$/;
/** One-click unsubscribe: 16 bytes of email id and a 16-byte HMAC over the id and the recipient's address. */
const UNSUBSCRIBE_MAC_BYTES = 16;
const UNSUBSCRIBE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type TrackingTarget = { emailId: string; kind: 'open' } | { emailId: string; kind: 'click'; linkIndex: number };

export class TrackingTokens {
  // Key objects, not buffers: createHmac imports a buffer key anew on every call (a fifth of a token's cost).
  private readonly key: KeyObject;
  private readonly unsubscribeKey: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(createHmac('sha256', secret).update('mailwright-tracking-v1').digest());
    this.unsubscribeKey = createSecretKey(createHmac('sha256', secret).update('mailwright-unsubscribe-v1').digest());
  }

  /** TRACKING_SECRET when set, otherwise a key derived from the internal secret. */
  static fromConfig(config: { TRACKING_SECRET?: string; INTERNAL_SECRET: string }): TrackingTokens {
    return new TrackingTokens(config.TRACKING_SECRET ?? `derived:${config.INTERNAL_SECRET}`);
  }

  openToken(emailId: string): string {
    return this.sign(emailId, OPEN_INDEX);
  }

  clickToken(emailId: string, linkIndex: number): string {
    if (!Number.isInteger(linkIndex) || linkIndex < 0 || linkIndex >= OPEN_INDEX) throw new RangeError('link index out of range');
    return this.sign(emailId, linkIndex);
  }

  /** The email and link a token names, or null when it is malformed or forged. */
  verify(token: string): TrackingTarget | null {
    if (!TOKEN_PATTERN.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return null;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    const expected = this.mac(payload);
    if (!timingSafeEqual(expected, bytes.subarray(PAYLOAD_BYTES))) return null;
    const hex = payload.subarray(0, 16).toString('hex');
    const emailId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const index = payload.readUInt16BE(16);
    return index === OPEN_INDEX ? { emailId, kind: 'open' } : { emailId, kind: 'click', linkIndex: index };
  }

  /** The token of an email's List-Unsubscribe URL: it names the email and is bound to its one recipient. */
  unsubscribeToken(emailId: string, recipient: string): string {
    const id = Buffer.from(emailId.replaceAll('-', ''), 'hex');
    return Buffer.concat([id, this.unsubscribeMac(id, recipient)]).toString('base64url');
  }

  /** The email a token names, before its recipient is known (null when malformed). */
  unsubscribeEmailId(token: string): string | null {
    if (!UNSUBSCRIBE_PATTERN.test(token)) return null;
    const hex = Buffer.from(token, 'base64url').subarray(0, 16).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** Whether the token was signed for this email's recipient: it cannot be made for another address. */
  verifyUnsubscribe(token: string, recipient: string): boolean {
    if (!UNSUBSCRIBE_PATTERN.test(token)) return false;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== 16 + UNSUBSCRIBE_MAC_BYTES) return false;
    return timingSafeEqual(this.unsubscribeMac(bytes.subarray(0, 16), recipient), bytes.subarray(16));
  }

  private unsubscribeMac(id: Buffer, recipient: string): Buffer {
    return createHmac('sha256', this.unsubscribeKey)
      .update(id)
      .update(recipient.trim().toLowerCase())
      .digest()
      .subarray(0, UNSUBSCRIBE_MAC_BYTES);
  }

  private sign(emailId: string, index: number): string {
    const token = Buffer.allocUnsafe(PAYLOAD_BYTES + MAC_BYTES);
    if (token.write(emailId.replaceAll('-', ''), 0, 16, 'hex') !== 16) throw new RangeError('email id is not a uuid');
    token.writeUInt16BE(index, 16);
    this.mac(token.subarray(0, PAYLOAD_BYTES)).copy(token, PAYLOAD_BYTES);
    return token.toString('base64url');
  }

  private mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, MAC_BYTES);
  }
}
