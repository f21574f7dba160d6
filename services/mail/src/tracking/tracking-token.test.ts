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
