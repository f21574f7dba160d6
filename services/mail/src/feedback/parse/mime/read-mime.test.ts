import { describe, expect, it } from 'vitest';
import { fieldValue } from './header-fields';
import { readMime } from './read-mime';

describe('readMime', () => {
  it('walks CRLF multiparts and decodes quoted-printable, base64 and charsets', () => {
    const raw = [
      'Subject: test',
      'Content-Type: multipart/mixed; boundary="b; 1"',
      '',
      'preamble',
      '--b; 1',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Caf=E9 soft=',
      'break',
      '--b; 1',
      'Content-Type: message/rfc822',
      '',
      'Message-ID: <inner@x.example>',
      'Content-Type: text/plain',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('enclosed text').toString('base64'),
      '--b; 1--',
      'epilogue',
    ].join('\r\n');
    const mime = readMime(raw);
    expect(fieldValue(mime.headers, 'subject')).toBe('test');
    expect(mime.leaves.map((leaf) => [leaf.contentType.type, leaf.text, leaf.enclosed])).toEqual([
      ['text/plain', 'Café softbreak', false],
      ['text/plain', 'enclosed text', true],
    ]);
    expect(fieldValue(mime.enclosedHeaders[0] ?? [], 'message-id')).toBe('<inner@x.example>');
  });

  it('does not take a boundary that is not at the start of a line', () => {
    const raw = 'Content-Type: multipart/mixed; boundary=b\n\n--b\n\nsee --b here\n--b--\n';
    expect(readMime(raw).leaves.map((leaf) => leaf.text)).toEqual(['see --b here']);
  });
});
