import { describe, expect, it } from 'vitest';
import { pickVerifiedEmail } from './github-provider';

describe('GitHub email choice', () => {
  it('prefers the verified primary address', () => {
    expect(
      pickVerifiedEmail([
        { email: 'other@example.com', primary: false, verified: true },
        { email: 'main@example.com', primary: true, verified: true },
      ]),
    ).toBe('main@example.com');
  });

  it('falls back to another verified address when the primary is not verified', () => {
    expect(
      pickVerifiedEmail([
        { email: 'main@example.com', primary: true, verified: false },
        { email: 'work@example.com', primary: false, verified: true },
      ]),
    ).toBe('work@example.com');
  });

  it('gives nothing when no address is verified', () => {
    expect(pickVerifiedEmail([{ email: 'main@example.com', primary: true, verified: false }])).toBeUndefined();
    expect(pickVerifiedEmail([])).toBeUndefined();
  });
});
