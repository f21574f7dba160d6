// Text that JSON and JavaScript accept but storage does not, or that parses as a date nobody can store:
// lone surrogates and NUL (Postgres refuses both in text), years outside Postgres' and JavaScript's range,
// and calendar dates that do not exist. Each must be answered 4xx (or accepted as plain text), never 5xx.
export const HOSTILE_VALUES: ReadonlyArray<readonly [label: string, value: string]> = [
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', 'x\udfffy'],
  ['NUL', 'a\u0000b'],
  ['year -10000', '-010000-01-01'],
  ['year -10000 with a time', '-010000-01-01T00:00:00.000Z'],
  ['past the last JavaScript date', '275760-09-14'],
  ['one ms past the last JavaScript date', '+275760-09-13T00:00:00.001Z'],
  ['February 30th', '2024-02-30'],
  ['February 30th with a time', '2024-02-30T10:00:00Z'],
];

/**
 * Percent-encodes text for a URL the way a client that does not check it would: lone surrogates become
 * the bytes ED A0 80-style sequences (what a naive UTF-8 encoder emits), where encodeURIComponent throws.
 */
export function encodeRaw(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
