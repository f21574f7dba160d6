import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './csv-cell';

describe('csvCell', () => {
  it('leaves plain text alone and writes nothing for null or empty', () => {
    expect(csvCell('Hello there')).toBe('Hello there');
    expect(csvCell(null)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break and doubles its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('prefixes a value that starts like a formula with an apostrophe', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+49 30 1234')).toBe("'+49 30 1234");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('ends a record with CRLF', () => {
    expect(csvRecord(['a', null, 'b,c'])).toBe('a,,"b,c"\r\n');
  });
});
