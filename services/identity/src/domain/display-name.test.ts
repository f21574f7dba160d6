import { describe, expect, it } from 'vitest';
import { cleanDisplayName } from './display-name';

describe('display names', () => {
  it('keeps ordinary names as they are', () => {
    for (const name of ['Ada Lovelace', 'J.R.R. Tolkien', 'Zoë Ørsted-Müller', "Conan O'Brien", 'Dr. Who', '李小龙']) {
      expect(cleanDisplayName(name)).toBe(name);
    }
  });

  it('turns line breaks and control characters into single spaces', () => {
    expect(cleanDisplayName('Ada\r\nBcc: victim@example.com')).toBe('Ada Bcc:');
    expect(cleanDisplayName('Ada\u2028Lovelace\t\u0007x')).toBe('Ada Lovelace x');
  });

  it('drops words that read as links', () => {
    expect(cleanDisplayName('Win a prize at https://evil.test/claim now')).toBe('Win a prize at now');
    expect(cleanDisplayName('Visit www.evil.test today')).toBe('Visit today');
    expect(cleanDisplayName('Go to evil.com.')).toBe('Go to');
    expect(cleanDisplayName('(evil.co)')).toBe('');
    expect(cleanDisplayName('mailto:someone@evil.test')).toBe('');
  });

  it('scans a long hostile name in linear time', () => {
    const hostile = (n: number) => `${'a.'.repeat(2 * n)}${' http:/'.repeat(n)}${'\n'.repeat(n)}`;
    // The fastest of five runs, so a busy machine's pauses do not count.
    const fastestMs = (name: string) =>
      Math.min(
        ...[0, 1, 2, 3, 4].map(() => {
          const started = performance.now();
          cleanDisplayName(name);
          return performance.now() - started;
        }),
      );
    const small = fastestMs(hostile(12_500));
    const large = fastestMs(hostile(100_000));
    // Eight times the input: about 8-10 times the time when linear (measured), 64 when quadratic; the machine's
    // speed cancels out.
    expect(large / Math.max(small, 0.5)).toBeLessThan(24);
  });
});
