import { describe, expect, it } from 'vitest';
import { editHead, headerValue, mapLeaves, readableParts, rewriteFirstHtml, splitEntity } from './mime-entities';

const CRLF = '\r\n';
const attachmentBytes = Buffer.from([0x00, 0xff, 0x10, 0x80, 0x0d, 0x0a, 0x2e, 0x2e]);

/** mixed( alternative(text QP, html QP latin-1), attachment base64 ), with a preamble and an epilogue. */
function sample(lineBreak = CRLF): string {
  return [
    'From: Ann <ann@acme.example>',
    'Subject: =?UTF-8?Q?Caf=C3=A9?=',
    'X-Long: first',
    '\tcontinued',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    'This is the preamble.',
    '--outer',
    'Content-Type: multipart/alternative; boundary=inner',
    '',
    '--inner',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Caf=C3=A9 at https://acme.example/a',
    '--inner',
    'Content-Type: text/html; charset=iso-8859-1',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '<p>Caf=E9 <a href=3D"https://acme.example/a">menu</a></p>=',
    '<p>more</p>',
    '--inner--',
    '',
    '--outer',
    'Content-Type: application/octet-stream; name="blob.bin"',
    'Content-Disposition: attachment; filename="blob.bin"',
    'Content-Transfer-Encoding: base64',
    '',
    attachmentBytes.toString('base64'),
    '--outer--',
    'epilogue',
    '',
  ].join(lineBreak);
}

describe('MIME entities', () => {
  it('maps every leaf to itself without changing a byte', () => {
    const text = sample();
    const types: string[] = [];
    expect(
      mapLeaves(text, (leaf) => {
        types.push(leaf.type);
        return null;
      }),
    ).toBe(text);
    expect(types).toEqual(['text/plain', 'text/html', 'application/octet-stream']);
  });

  it('reads the first HTML and text parts in their charsets', () => {
    expect(readableParts(sample())).toEqual({
      html: '<p>Café <a href="https://acme.example/a">menu</a></p><p>more</p>',
      text: 'Café at https://acme.example/a',
    });
  });

  it('rewrites only the HTML part: the rest (attachment, preamble, epilogue, delimiters) stays byte for byte', () => {
    const original = sample();
    const rewritten = rewriteFirstHtml(original, (html) => html.replace('menu', 'MENU ✓'));
    expect(readableParts(rewritten).html).toBe('<p>Café <a href="https://acme.example/a">MENU ✓</a></p><p>more</p>');
    const before = original.split('--inner--')[1];
    const after = rewritten.split('--inner--')[1];
    expect(after).toBe(before);
    expect(rewritten.startsWith(original.slice(0, original.indexOf('--inner\r\nContent-Type: text/html')))).toBe(true);
    expect(rewritten).toContain('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64');
  });

  it('reads LF-only messages and keeps their line breaks', () => {
    const text = sample('\n');
    expect(readableParts(text).html).toContain('Café');
    const rewritten = rewriteFirstHtml(text, (html) => html);
    expect(rewritten).not.toContain('\r');
  });

  it('unfolds header values and edits fields by name', () => {
    const { head } = splitEntity(sample());
    expect(headerValue(head, 'x-long')).toBe('first continued');
    const edited = editHead(head, new Set(['x-long', 'subject']), ['Message-ID: <1@mailwright>']);
    expect(edited.split(CRLF)[0]).toBe('Message-ID: <1@mailwright>');
    expect(edited).not.toContain('continued');
    expect(edited).not.toContain('Subject');
    expect(edited).toContain('From: Ann <ann@acme.example>');
  });

  it('ignores a boundary that is only the prefix of a longer line', () => {
    const text = [
      'Content-Type: multipart/alternative; boundary=b',
      '',
      '--b',
      'Content-Type: text/html',
      '',
      '<p>--bold text</p>',
      '--b--',
      '',
    ].join(CRLF);
    expect(readableParts(text).html).toBe('<p>--bold text</p>');
  });

  it('reads a single-part message and one with no body', () => {
    expect(readableParts(`Subject: x${CRLF}${CRLF}Hello${CRLF}`)).toEqual({ html: null, text: `Hello${CRLF}` });
    expect(splitEntity('Subject: x')).toEqual({ head: 'Subject: x', gap: '', body: '' });
  });

  it('reads quoted-printable with long runs of blanks and a huge Content-Type without backtracking', () => {
    const blanks = ' '.repeat(2_000_000);
    const qp = `Content-Type: text/html; ${'x'.repeat(2_000_000)}\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<p>a${blanks}b=\r\nc${blanks}\r\nd</p>\r\n`;
    expect(readableParts(qp).html).toBe(`<p>a${blanks}bc\r\nd</p>\r\n`);
  });

  it('stays linear on a deep or huge message', () => {
    const nested = Array.from(
      { length: 200 },
      (_, i) => `Content-Type: multipart/mixed; boundary=n${i}${CRLF}${CRLF}--n${i}${CRLF}`,
    ).join('');
    expect(mapLeaves(nested, () => null)).toBe(nested);
    const big = `Content-Type: text/html${CRLF}${CRLF}${'<a href="https://x.example/">x</a>'.repeat(200_000)}`;
    expect(readableParts(big).html?.length).toBeGreaterThan(6_000_000);
  });
});
