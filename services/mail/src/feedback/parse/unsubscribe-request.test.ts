import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from './unsubscribe-request';

const token = `${'A'.repeat(20)}-_${'b'.repeat(21)}`;

describe('unsubscribeToken', () => {
  it('reads the token of the mailto request subject, in any case', () => {
    expect(unsubscribeToken(`unsubscribe ${token}`)).toBe(token);
    expect(unsubscribeToken(`  Unsubscribe   ${token} `)).toBe(token);
  });

  it('ignores other subjects and malformed tokens', () => {
    expect(unsubscribeToken('Re: unsubscribe me')).toBeNull();
    expect(unsubscribeToken(`unsubscribe ${token}x`)).toBeNull();
    expect(unsubscribeToken('unsubscribe')).toBeNull();
  });
});
