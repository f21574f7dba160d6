import { describe, expect, it } from 'vitest';
import { findLinks } from './find-links';

const urls = (html: string, max = 500) => findLinks(html, max).links.map((link) => link.url);

describe('findLinks', () => {
  it('reads the href of <a> and <area>, double-, single- and unquoted, in document order', () => {
    const html =
      '<a href="https://example.com/a?x=1&amp;y=2">a</a> <A HREF=\'http://example.org/b\'>b</A> ' +
      '<a href=https://example.net/c>c</a> <map><area shape="rect" href="https://example.com/d"></map>';
    expect(urls(html)).toEqual([
      'https://example.com/a?x=1&y=2',
      'http://example.org/b',
      'https://example.net/c',
      'https://example.com/d',
    ]);
  });

  it('gives the exact range of each value in the source', () => {
    const html = '<a  href = "https://a.test/x">1</a><a href=https://b.test/y>2</a><a href=\'https://c.test/\'>3</a>';
    for (const link of findLinks(html, 10).links) {
      expect(html.slice(link.start, link.end)).toMatch(/^https:\/\/[abc]\.test\/[xy]?$/);
    }
    expect(findLinks(html, 10).links.map((l) => html.slice(l.start, l.end))).toEqual([
      'https://a.test/x',
      'https://b.test/y',
      'https://c.test/',
    ]);
  });

  it('ignores data-href, other elements, comments, raw text and links that are not absolute http(s)', () => {
    const html = [
      '<a data-href="https://no.test/1" title="href=https://no.test/2">x</a>',
      '<link href="https://no.test/3"><img href="https://no.test/4">',
      '<!-- <a href="https://no.test/5"> -->',
      '<script>var s = \'<a href="https://no.test/6">\';</script><textarea><a href="https://no.test/7"></textarea>',
      '<a href="mailto:x@no.test">m</a><a href="/relative">r</a><a href="//no.test/8">p</a>',
      '<a href="javascript:alert(1)">j</a><a href="ftp://no.test/9">f</a><a href>e</a><a href="">e</a>',
    ].join('');
    expect(urls(html)).toEqual([]);
  });

  it('follows the first href of a tag only, decodes entities and normalises as a browser would', () => {
    expect(urls('<a href="https://one.test/" href="https://two.test/">x</a>')).toEqual(['https://one.test/']);
    expect(urls('<a href=" HTTPS://Example.COM/p?q=&quot;1&quot;#f ">x</a>')).toEqual(['https://example.com/p?q=%221%22#f']);
    expect(urls('<a href="https://a.test/&#13;&#10;Set-Cookie: x">x</a>')).toEqual(['https://a.test/Set-Cookie:%20x']);
  });

  it('stops at the given number of links and ignores an unterminated last tag', () => {
    expect(urls('<a href="https://a.test/1"><a href="https://a.test/2"><a href="https://a.test/3">', 2)).toHaveLength(2);
    expect(urls('<a href="https://a.test/1">x</a><a href="https://a.test/2')).toEqual(['https://a.test/1']);
  });

  it('finds the first </body>, in any case, outside comments', () => {
    const html = '<body><!-- </body> -->x</BODY ></body>';
    expect(findLinks(html, 1).bodyCloseAt).toBe(html.indexOf('</BODY'));
    expect(findLinks('<p>no body</p>', 1).bodyCloseAt).toBeNull();
  });
});
