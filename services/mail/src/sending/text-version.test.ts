import { MAIL_LIMITS } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { textVersionOf } from './text-version';

const lines = (...text: string[]) => text.join('\n');

describe('the text version of an HTML body', () => {
  it('is readable: paragraphs, headings, lists, links as text and address', () => {
    const text = textVersionOf(
      '<html><head><style>p{color:red}</style></head><body><h1>Welcome, Bea</h1><p>Your <b>order</b> shipped.</p>' +
        '<ul><li>One</li><li>Two</li></ul><p><a href="https://acme.example/track?id=1">Track it</a> or ' +
        '<a href="https://acme.example">https://acme.example</a></p><img src="https://acme.example/logo.png" alt="Acme"></body></html>',
    );
    expect(text).toBe(
      lines(
        'Welcome, Bea',
        '',
        'Your order shipped.',
        '',
        ' * One',
        ' * Two',
        '',
        'Track it [https://acme.example/track?id=1] or https://acme.example',
      ),
    );
    expect(text).not.toContain('color');
    expect(text).not.toContain('logo.png');
  });

  it('decodes entities and keeps non-ASCII text', () => {
    expect(textVersionOf('<p>Caf&eacute; &amp; cr&egrave;me &mdash; 5&nbsp;€</p>')).toBe('Café & crème — 5\u00a0€');
  });

  it('collapses whitespace as HTML does and joins inline elements without a space', () => {
    expect(textVersionOf('<p>  one\n\t two  <b>thr</b>ee </p>')).toBe('one two three');
    expect(textVersionOf('<p>a\f\rb\r\n</p><p> \n </p><p>c</p>')).toBe(lines('a b', '', 'c'));
    // Whitespace between cells keeps the cells' gap rather than becoming a space.
    expect(textVersionOf('<table><tr><td>Tea</td>\n  <td> 2 </td></tr></table>')).toBe('Tea   2');
  });

  it('numbers ordered lists from their start, indents nested ones and closes list items HTML leaves open', () => {
    expect(textVersionOf('<p>Steps</p><ol start="3"><li>Open<li>Close</ol><ul><li>a<ul><li>b</ul><li>c</ul>')).toBe(
      lines('Steps', '', ' 3. Open', ' 4. Close', '', ' * a', '    * b', ' * c'),
    );
  });

  it('wraps lines at 78 characters, and a list item’s later lines under its text', () => {
    const words = 'lorem ipsum dolor '.repeat(8).trim();
    const text = textVersionOf(`<p>${words}</p><ul><li>${words}</li></ul>`);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    const [, item = ''] = text.split('\n\n');
    const [first, ...later] = item.split('\n');
    expect(first?.startsWith(' * ')).toBe(true);
    expect(later.length).toBeGreaterThan(0);
    for (const line of later) expect(line).toMatch(/^ {3}\S/);
    expect(text.replace(/\s+/g, ' ')).toBe(`${words} * ${words}`);
  });

  it('quotes blockquotes line by line, blank lines included', () => {
    expect(textVersionOf('<p>She wrote:</p><blockquote><p>one</p><p>two</p></blockquote><p>Thanks</p>')).toBe(
      lines('She wrote:', '', '> one', '>', '> two', '', 'Thanks'),
    );
  });

  it('keeps preformatted text as written, and turns <br> and <hr> into lines', () => {
    expect(textVersionOf('<p>Code:</p><pre>if (a)\n    b();</pre>one<br>two<br><br>three<hr>end')).toBe(
      lines('Code:', '', 'if (a)', '    b();', '', 'one', 'two', '', 'three', '', '-'.repeat(40), '', 'end'),
    );
  });

  it('puts a data table’s cells on one line and a layout table’s paragraphs on their own', () => {
    expect(textVersionOf('<table><tr><th>Item</th><th>Qty</th></tr><tr><td>Tea</td><td>2</td></table>')).toBe(
      lines('Item   Qty', 'Tea   2'),
    );
    expect(textVersionOf('<table><tr><td><h2>News</h2></td></tr><tr><td><p>First</p><p>Second</p></td></tr></table>')).toBe(
      lines('News', '', 'First', '', 'Second'),
    );
  });

  it('shows only addresses a reader can use: web, mail and phone links, a linked image as its address', () => {
    const text = textVersionOf(
      '<p><a href="mailto:help@acme.example">help@acme.example</a>, <a href="mailto:help@acme.example">write</a></p>' +
        '<p><a href="/relative">relative</a>, <a href="#top">top</a>, <a href="javascript:go()">script</a></p>' +
        '<p><a href="tel:+15550100">call</a>, <a href="https://acme.example/"><img src="logo.png"></a>, ' +
        'x<a href="https://acme.example/y">y</a></p>',
    );
    expect(text).toBe(
      lines(
        'help@acme.example, write [help@acme.example]',
        '',
        'relative, top, script',
        '',
        'call [tel:+15550100], https://acme.example/, xy [https://acme.example/y]',
      ),
    );
  });

  it('ends a link where the next one starts, as a browser does', () => {
    expect(textVersionOf('<a href="https://a.example/">one <a href="https://b.example/">two</a>')).toBe(
      'one [https://a.example/] two [https://b.example/]',
    );
  });

  it('leaves out what a reader does not see: head, scripts, styles, templates, comments', () => {
    expect(
      textVersionOf(
        '<head><title>T</title><meta charset="utf-8"></head><script>var a = "<p>x</p>";</script><!-- note -->' +
          '<noscript><p>no</p></noscript><template><p>later</p></template><p>Shown</p>',
      ),
    ).toBe('Shown');
  });

  it('ignores close tags with nothing open by their name, and reads </br> as a line break', () => {
    expect(textVersionOf('<div>one</span></td></li>two</br>three</div>')).toBe(lines('onetwo', 'three'));
  });

  it('reads tags named like object properties as unknown inline elements (and `<_` as text, as HTML does)', () => {
    expect(textVersionOf('<p>a<constructor>b</constructor><__proto__>c<toString>d</p><hasOwnProperty>e')).toBe(
      lines('ab<__proto__>cd', '', 'e'),
    );
  });
});

describe('the text version of a hostile body', () => {
  const MIB = MAIL_LIMITS.bodyMaxChars;
  const fill = (unit: string, suffix = '') => `${unit.repeat(Math.floor((MIB - suffix.length) / unit.length))}${suffix}`;
  // Each took html-to-text (the converter before issue 25's round 18) 2–26 s and ended in a RangeError.
  const HOSTILE: Record<string, string> = {
    'unclosed tags then stray close tags': `${'<i>'.repeat(150_000)}${'</b>'.repeat(100_000)}<p>Hello</p>`,
    'quotes nested a hundred thousand deep': fill('<blockquote>x'),
    'lists nested a hundred thousand deep': fill('<ul><li>x'),
    'links never closed': fill('<a href="https://example.com/">w '),
    // Link texts joined into one long word: each was once cut from that word's end, copying it whole.
    'links whose text is their address, with no space between': fill('<a href="https://e.example/">https://e.example/</a>'),
    'horizontal rules': fill('<hr>'),
    'line breaks': fill('<br>', 'x'),
    'unclosed cells': fill('<table><tr><td>x'),
  };

  it.each(Object.entries(HOSTILE))('reads %s in linear time, and its text is no longer than a body may be', (_name, html) => {
    const started = performance.now();
    const text = textVersionOf(html);
    // A bound with room for a loaded machine; the quadratic walk took seconds to minutes.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(text.length).toBeLessThanOrEqual(MAIL_LIMITS.bodyMaxChars);
  });

  it('reads no token that ends past the size limit', () => {
    const within = 'word '.repeat(MIB / 5).slice(0, MIB - 3);
    // The entity starts within the limit and ends past it.
    expect(textVersionOf(`${within}&amp;<p>after</p>`)).toBe(textVersionOf(within));
    expect(textVersionOf(`${within}<p>after</p>`)).toBe(textVersionOf(within));
  });

  it('indents quotes and lists at most eight levels deep', () => {
    const text = textVersionOf(`${'<blockquote>'.repeat(20)}deep`);
    expect(text).toBe(`${'> '.repeat(8)}deep`);
  });
});
