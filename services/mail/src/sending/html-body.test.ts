import { MAIL_LIMITS } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { extractLinks } from '../tracking/add-tracking';
import { readHtmlBody } from './html-body';
import { textVersionOf } from './text-version';

const bodies = [
  '<p>Hello from the benchmark, email 7.</p><p><a href="https://example.com/offer?i=7">See the offer</a></p>',
  '<html><head><style>a{}</style></head><body><h1>Hi</h1><ol start="3"><li><a href=https://a.test/1>one</a>' +
    '<li><a href="https://a.test/2" href="https://a.test/ignored">two</a></ol><map><area href="https://a.test/3"></map>' +
    '<a href="mailto:x@y.test">mail</a> &amp; &copy; <br/>end</body></html>',
  '<div><a href="https://a.test/unclosed"><b>bold<i>italic</div></a></p></li>',
];

describe('readHtmlBody', () => {
  it('reads in one pass the links and text version that two passes read', () => {
    for (const html of bodies) {
      expect(readHtmlBody(html, null)).toEqual({ links: extractLinks(html), text: textVersionOf(html) });
    }
    expect(readHtmlBody(bodies[1] as string, null).links).toEqual(['https://a.test/1', 'https://a.test/2', 'https://a.test/3']);
  });

  it("keeps the sender's text and still reads the links", () => {
    expect(readHtmlBody(bodies[0] as string, 'My own text')).toEqual({
      links: ['https://example.com/offer?i=7'],
      text: 'My own text',
    });
  });

  it('reads the text version of a body past the size limit only within the limit', () => {
    const html = `<p>${'a'.repeat(MAIL_LIMITS.bodyMaxChars)}</p><a href="https://a.test/after">after</a>`;
    const reading = readHtmlBody(html, null);
    expect(reading.links).toEqual(['https://a.test/after']);
    expect(reading.text).toBe(textVersionOf(html));
    expect(reading.text).not.toContain('https://a.test/after');
  });
});
