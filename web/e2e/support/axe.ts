// axe-core in the page under test: put there by playwright-core, run against the WCAG 2.0/2.1 A and AA rules.
// Serious and critical violations fail a test; the others are printed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Locator, Page } from 'playwright-core';

// Evaluated through the DevTools protocol rather than added as a <script>: the gateway's CSP (rightly) refuses
// inline scripts, and the page is tested under its real CSP.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

function findings(violations: Result[]): AxeFinding[] {
  return violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/** The page's violations (of `rules` when given, else every WCAG A/AA rule), within `scope` when given. */
export async function runAxe(page: Page, options: { scope?: Locator; rules?: string[] } = {}): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const selector = options.scope
    ? await options.scope.evaluate((element) => {
        element.setAttribute('data-axe-scope', '');
        return '[data-axe-scope]';
      })
    : undefined;
  const results = await page.evaluate(
    ([context, tags, rules]) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
      const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags };
      return axe.run(context ?? document, { runOnly, resultTypes: ['violations'] });
    },
    [selector, wcagTags, options.rules] as const,
  );
  if (options.scope) await options.scope.evaluate((element) => element.removeAttribute('data-axe-scope'));
  return findings(results.violations);
}

export const isBlocking = (finding: AxeFinding) => finding.impact === 'serious' || finding.impact === 'critical';

/** Prints what is not blocking and returns the serious or critical findings (the test expects none). */
export function blockingFindings(where: string, all: AxeFinding[]): AxeFinding[] {
  const minor = all.filter((finding) => !isBlocking(finding));
  if (minor.length > 0)
    console.log(`[axe] ${where}: ${minor.map((f) => `${f.impact} ${f.id} (${f.targets.join(', ')})`).join('; ')}`);
  return all.filter(isBlocking).map((finding) => ({ ...finding, help: `${where}: ${finding.help}` }));
}
