import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addTracking, extractLinks, looksLikeHtml } from './add-tracking';
import { TrackingTokens } from './tracking-token';

const tokens = new TrackingTokens('a-tracking-secret-for-tests');

describe('tracking', () => {
  const html =
    '<html><body><p>Hi</p><a href="https://example.com/a?x=1&amp;y=2">A</a> <a class="b" href=\'http://example.org/b\'>B</a> <a href="mailto:x@y.z">m</a></body></html>';

  it('extracts http(s) links in order and decodes &amp;', () => {
    expect(extractLinks(html)).toEqual(['https://example.com/a?x=1&y=2', 'http://example.org/b']);
  });

  it('rewrites links to signed click URLs and adds the pixel before </body>', () => {
    const emailId = randomUUID();
    const out = addTracking(html, emailId, 'https://mw.example/', tokens);
    const clicks = [...out.matchAll(/https:\/\/mw\.example\/t\/c\/([A-Za-z0-9_-]+)/g)].map((m) => tokens.verify(m[1] ?? ''));
    expect(clicks).toEqual([
      { emailId, kind: 'click', linkIndex: 0 },
      { emailId, kind: 'click', linkIndex: 1 },
    ]);
    expect(out).toContain('href="mailto:x@y.z"');
    expect(out).toMatch(/<img src="https:\/\/mw\.example\/t\/o\/[A-Za-z0-9_-]{40}\.gif"[^>]*\/><\/body>/);
    expect(out).not.toContain('example.com/a');
  });

  it('tells HTML from plain text', () => {
    expect(looksLikeHtml('<p>hello</p>')).toBe(true);
    expect(looksLikeHtml('2 < 3 and 5 > 4')).toBe(false);
  });
});
