import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addTracking, extractLinks } from './add-tracking';
import { TrackingTokens } from './tracking-token';

const tokens = new TrackingTokens('a-tracking-secret-for-tests');
const CLICK = /https:\/\/mw\.example\/t\/c\/([A-Za-z0-9_-]{40})/g;
const clickTargets = (out: string) => [...out.matchAll(CLICK)].map((m) => tokens.verify(m[1] ?? ''));

describe('tracking', () => {
  const html =
    '<html><body><p>Hi</p><a href="https://example.com/a?x=1&amp;y=2">A</a> <a class="b" href=\'http://example.org/b\'>B</a> <a href="mailto:x@y.z">m</a></body></html>';

  it('extracts http(s) links in order and decodes &amp;', () => {
    expect(extractLinks(html)).toEqual(['https://example.com/a?x=1&y=2', 'http://example.org/b']);
  });

  it('rewrites links to signed click URLs and adds the pixel before </body>', () => {
    const emailId = randomUUID();
    const out = addTracking(html, emailId, 'https://mw.example/', tokens);
    expect(clickTargets(out)).toEqual([
      { emailId, kind: 'click', linkIndex: 0 },
      { emailId, kind: 'click', linkIndex: 1 },
    ]);
    expect(out).toContain('href="mailto:x@y.z"');
    expect(out).toMatch(/<img src="https:\/\/mw\.example\/t\/o\/[A-Za-z0-9_-]{40}\.gif"[^>]*\/><\/body>/);
    expect(out).not.toContain('example.com/a');
  });

  it('changes only the link values and adds only the pixel: every other byte stays as written', () => {
    const emailId = randomUUID();
    const source =
      '<!DOCTYPE html>\n<html><body class=x>\n<a  title="t" HREF = "https://a.test/1" >1</a>\n<a href=https://b.test/2>2</a>\r\n</body></html>';
    const out = addTracking(source, emailId, 'https://mw.example', tokens);
    const undone = out
      .replace(/<img src="https:\/\/mw\.example\/t\/o\/[^"]+"[^>]*\/>/, '')
      .replace(CLICK, (_whole, token: string) => (tokens.verify(token)?.kind === 'click' ? 'LINK' : 'BAD'));
    expect(undone).toBe(source.replace('https://a.test/1', 'LINK').replace('https://b.test/2', 'LINK'));
  });

  it('tracks unquoted hrefs and leaves data-href, commented links and other attributes alone', () => {
    const emailId = randomUUID();
    const source =
      '<p><a data-href="https://no.test/1" href=https://yes.test/a>a</a><!-- <a href="https://no.test/2">old</a> -->' +
      '<a title="href=https://no.test/3" href="https://yes.test/b">b</a><div data-href="https://no.test/4"></div></p>';
    expect(extractLinks(source)).toEqual(['https://yes.test/a', 'https://yes.test/b']);
    const out = addTracking(source, emailId, 'https://mw.example', tokens);
    for (const kept of [
      'https://no.test/1',
      '<!-- <a href="https://no.test/2">old</a> -->',
      'https://no.test/3',
      'https://no.test/4',
    ]) {
      expect(out).toContain(kept);
    }
    expect(out).not.toContain('yes.test');
    expect(clickTargets(out)).toEqual([
      { emailId, kind: 'click', linkIndex: 0 },
      { emailId, kind: 'click', linkIndex: 1 },
    ]);
  });

  it('appends the pixel when there is no </body>, and puts it before links that follow </body>', () => {
    const emailId = randomUUID();
    expect(addTracking('<p>x</p>', emailId, 'https://mw.example', tokens)).toMatch(/^<p>x<\/p><img src="[^"]+\.gif"[^>]*\/>$/);
    const out = addTracking('<body>in</body><a href="https://after.test/">late</a>', emailId, 'https://mw.example', tokens);
    expect(out).toMatch(/^<body>in<img [^>]+\/><\/body><a href="https:\/\/mw\.example\/t\/c\/[A-Za-z0-9_-]{40}">late<\/a>$/);
  });

  it('handles 1 MiB of pathological HTML in well under a second', () => {
    const mib = 1024 * 1024;
    const inputs = ['<a ', '<a href=', '<a href="https://a.test/">', '<!--', '</body', '<a data-href="', '&'].map((unit) =>
      unit.repeat(Math.floor(mib / unit.length)),
    );
    for (const input of inputs) {
      const start = performance.now();
      extractLinks(input);
      addTracking(input, randomUUID(), 'https://mw.example', tokens);
      expect(performance.now() - start).toBeLessThan(1_000);
    }
  });
});
