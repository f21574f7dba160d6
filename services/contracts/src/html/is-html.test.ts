import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';
import { isHtml } from './is-html';

describe('isHtml', () => {
  it('recognises documents, common tags, closing tags and comments', () => {
    expect(isHtml('<!DOCTYPE html><html><body>x</body></html>')).toBe(true);
    expect(isHtml('<!doctype\n  HTML>')).toBe(true);
    expect(isHtml('Hello <b>there</b>')).toBe(true);
    expect(isHtml('line one<br/>line two')).toBe(true);
    expect(isHtml('<p class="x">hi</p>')).toBe(true);
    expect(isHtml('<p\tclass="x"\n>hi')).toBe(true);
    expect(isHtml('text <!-- note --> more')).toBe(true);
    expect(isHtml('<TABLE><TR><TD>1</TD></TR></TABLE>')).toBe(true);
    expect(isHtml('closing only </h1>')).toBe(true);
    // Every element whose links are tracked (find-links.ts) makes a body HTML.
    expect(isHtml('<map name="m"><area href="https://example.com/"></map>')).toBe(true);
  });

  it('keeps plain text with angle brackets plain', () => {
    expect(isHtml('Hello {{name}},\nthanks!')).toBe(false);
    expect(isHtml('if a < b and c > d')).toBe(false);
    expect(isHtml('x<y and y>z')).toBe(false);
    expect(isHtml('Write to <support@example.com>')).toBe(false);
    expect(isHtml('<3 from us')).toBe(false);
    expect(isHtml('<custom-tag>')).toBe(false);
    expect(isHtml('<brr> <bold>')).toBe(false);
  });

  it('needs a tag to end before the next "<" and a comment to close', () => {
    expect(isHtml('<p <b')).toBe(false);
    expect(isHtml('<p title="a" <b>')).toBe(true);
    expect(isHtml('unclosed <!-- comment')).toBe(false);
    expect(isHtml('<!-- a <!-- b -->')).toBe(true);
    expect(isHtml('<!-->')).toBe(false);
    expect(isHtml('<!doctype')).toBe(false);
    expect(isHtml('<!doctypehtml>')).toBe(false);
    expect(isHtml('<')).toBe(false);
    expect(isHtml('')).toBe(false);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
