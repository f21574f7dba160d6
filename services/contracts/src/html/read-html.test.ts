import { describe, expect, it } from 'vitest';
import { findLinks, linkReader } from './find-links';
import { readHtml } from './read-html';

describe('readHtml', () => {
  it('tells every reader each token it listens for, in the order the readers are given', () => {
    const html = '<p class=x>Hi &amp; <a href="https://a.test/">there</a></p>';
    const heard: string[] = [];
    readHtml(html, [
      { onopentagname: (start, end) => heard.push(`1 open ${html.slice(start, end)}`) },
      {
        onopentagname: (start, end) => heard.push(`2 open ${html.slice(start, end)}`),
        ontextentity: (codepoint) => heard.push(`2 entity ${String.fromCodePoint(codepoint)}`),
        onclosetag: (start, end) => heard.push(`2 close ${html.slice(start, end)}`),
      },
      { onclosetag: (start, end) => heard.push(`3 close ${html.slice(start, end)}`) },
    ]);
    expect(heard).toEqual([
      '1 open p',
      '2 open p',
      '2 entity &',
      '1 open a',
      '2 open a',
      '2 close a',
      '3 close a',
      '2 close p',
      '3 close p',
    ]);
  });

  it('gives a link reader sharing the pass what findLinks finds alone', () => {
    const html =
      '<a href="https://a.test/x?a=1&amp;b=2">1</a><area href=https://b.test/><a href="/relative">r</a>' +
      '<p>text with &lt;tags&gt;</p></body><a href="http://c.test/late">late</a>';
    const links = linkReader(html, 10);
    let texts = 0;
    readHtml(html, [links.reader, { ontext: () => texts++ }]);
    expect(links.result()).toEqual(findLinks(html, 10));
    expect(links.result().links).toHaveLength(3);
    expect(texts).toBeGreaterThan(0);
  });
});
