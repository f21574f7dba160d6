import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TrackingTokens } from './tracking-token';

const tokens = new TrackingTokens('a-tracking-secret-for-tests');

describe('TrackingTokens', () => {
  it('round-trips the open pixel and click tokens', () => {
    const emailId = randomUUID();
    expect(tokens.verify(tokens.openToken(emailId))).toEqual({ emailId, kind: 'open' });
    expect(tokens.verify(tokens.clickToken(emailId, 3))).toEqual({ emailId, kind: 'click', linkIndex: 3 });
  });

  it('makes the same tokens as every earlier version (links in emails already sent must keep working)', () => {
    const pinned = new TrackingTokens('s3cret');
    const emailId = '0b8f7c2e-1d3a-4c5b-9e6f-7a8b9c0d1e2f';
    expect(pinned.openToken(emailId)).toBe('C498Lh06TFueb3qLnA0eL___t78mRpctpaKdy6Az');
    expect(pinned.clickToken(emailId, 7)).toBe('C498Lh06TFueb3qLnA0eLwAHK5-DgxLkvWbWkTJ3');
    expect(pinned.unsubscribeToken(emailId, 'A@b.c')).toBe('C498Lh06TFueb3qLnA0eL7Q0AIzxL655F2EG9BZMsBI');
  });

  it('refuses to sign for an email id that is not a uuid', () => {
    expect(() => tokens.openToken('not-a-uuid')).toThrow(RangeError);
  });

  it('refuses a token whose link index was changed', () => {
    const token = tokens.clickToken(randomUUID(), 0);
    const bytes = Buffer.from(token, 'base64url');
    bytes[17] = 1;
    expect(tokens.verify(bytes.toString('base64url'))).toBeNull();
  });

  it('refuses tokens signed with another secret and malformed input', () => {
    const other = new TrackingTokens('another-secret-entirely');
    expect(tokens.verify(other.openToken(randomUUID()))).toBeNull();
    expect(tokens.verify('not-a-token')).toBeNull();
    expect(tokens.verify('')).toBeNull();
  });

  it('binds an unsubscribe token to its email and recipient', () => {
    const emailId = randomUUID();
    const token = tokens.unsubscribeToken(emailId, 'Ada@Example.com');
    expect(tokens.unsubscribeEmailId(token)).toBe(emailId);
    expect(tokens.verifyUnsubscribe(token, 'ada@example.com')).toBe(true);
    expect(tokens.verifyUnsubscribe(token, 'eve@example.com')).toBe(false);
    // Another email's id with this MAC, or another secret's token, does not verify.
    const moved = Buffer.from(token, 'base64url');
    moved[0] = (moved[0] ?? 0) ^ 1;
    expect(tokens.verifyUnsubscribe(moved.toString('base64url'), 'ada@example.com')).toBe(false);
    const other = new TrackingTokens('another-secret-entirely');
    expect(tokens.verifyUnsubscribe(other.unsubscribeToken(emailId, 'ada@example.com'), 'ada@example.com')).toBe(false);
    expect(tokens.unsubscribeEmailId('short')).toBeNull();
  });
});
