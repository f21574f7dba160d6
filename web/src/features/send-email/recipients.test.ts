import { describe, expect, it } from 'vitest';
import { parseRecipients } from './recipients';

describe('parseRecipients', () => {
  it('splits on commas and trims', () => {
    expect(parseRecipients(' a@x.test, b@x.test ,c@x.test')).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
  });
  it('gives an empty list for empty input and ignores stray commas', () => {
    expect(parseRecipients('')).toEqual([]);
    expect(parseRecipients(' , a@x.test,, ')).toEqual(['a@x.test']);
  });
});
