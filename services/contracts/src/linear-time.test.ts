// Every function here reads text a user wrote (template bodies, email bodies) on a shared service's event
// loop, so each must be linear in its input: 1 MiB of each pathological pattern must finish well under a
// second (a bound with room for a loaded machine; a quadratic scan takes minutes on these inputs).
import { describe, expect, it } from 'vitest';
import { findLinks } from './html/find-links';
import { isHtml } from './html/is-html';
import { extractVariables, renderTemplate } from './template-render';

const MIB = 1024 * 1024;
const BOUND_MS = 1_000;

/** `unit` repeated up to 1 MiB, optionally between a prefix and a suffix. */
const fill = (unit: string, prefix = '', suffix = '') => `${prefix}${unit.repeat(Math.floor(MIB / unit.length))}${suffix}`;

const PATHOLOGICAL_TEXTS: Record<string, string> = {
  "'<a ' repeated": fill('<a '),
  "'<a href=' repeated": fill('<a href='),
  "'<a href=\"' repeated": fill('<a href="'),
  "'<!--' repeated": fill('<!--'),
  "'<!-- -' repeated": fill('<!-- -'),
  "'{{' repeated": fill('{{'),
  "'{{ ' repeated": fill('{{ '),
  "'{{a' repeated": fill('{{a'),
  "'{{a.' repeated": fill('a.', '{{'),
  "'{{' then spaces": fill(' ', '{{', 'x'),
  "'<' repeated": fill('<'),
  "'</' repeated": fill('</'),
  "'<!' repeated": fill('<!'),
  "'<!doctype ' repeated": fill('<!doctype '),
  "'<!doctype' then spaces": fill(' ', '<!doctype'),
  'an unclosed tag': fill('x', '<p '),
  'an unclosed attribute value': fill('x', '<a href="https://a.test/'),
  'a long attribute run': fill(' x=1', '<p'),
  'a long run of hrefs': fill(' href="https://a.test/"', '<a'),
  'many links': fill('<a href="https://a.test/">x</a>'),
  "'</body' repeated": fill('</body '),
  "'&' repeated": fill('&'),
  "'&#x' repeated": fill('&#x', '<a href="'),
  'a long entity name': fill('a', '<a href="&', '">'),
  'a long tag name': fill('b', '<'),
  'a script with tags': fill('<a href="https://a.test/">', '<script>'),
};

const elapsedMs = (run: () => unknown) => {
  const start = performance.now();
  run();
  return performance.now() - start;
};

describe('scans of user text are linear', () => {
  const scans: Record<string, (text: string) => unknown> = {
    isHtml,
    findLinks: (text) => findLinks(text, 500),
    extractVariables: (text) => extractVariables(text),
    renderTemplate: (text) => renderTemplate({ subject: text.slice(0, 998), body: text }, { a: '<b>', x: 'y' }),
  };
  for (const [scan, run] of Object.entries(scans)) {
    it(`${scan} reads 1 MiB of each pathological pattern in well under a second`, () => {
      const slow = Object.entries(PATHOLOGICAL_TEXTS)
        .map(([pattern, text]) => ({ pattern, ms: Math.round(elapsedMs(() => run(text))) }))
        .filter(({ ms }) => ms >= BOUND_MS);
      expect(slow).toEqual([]);
    });
  }
});
