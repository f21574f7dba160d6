// `npm run lighthouse -w @mailwright/infra`: Lighthouse (Debian's Chromium through chrome-launcher) on /,
// /login and /dashboard, signed in for /dashboard; prints the performance and accessibility scores, the
// landing page's JavaScript weight, and writes them to test-artifacts/lighthouse.json. Not part of `npm test`.
//
// Without LIGHTHOUSE_BASE_URL it starts a whole stack as the e2e suite does (infra/e2e/global-setup.ts) and
// signs up a verified user through the SMTP sink; with it, it measures that running stack and needs
// LIGHTHOUSE_TOKEN (a session token) for /dashboard, which it stores in the browser before the audit. LIGHTHOUSE_FORM_FACTOR=mobile uses Lighthouse's default
// (mobile, throttled) settings instead of its desktop preset. Build the web app first (npm run build -w web).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { LANDING_JS_BUDGET_BYTES, landingJsWeight } from './landing-js-budget';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const formFactor = process.env.LIGHTHOUSE_FORM_FACTOR === 'mobile' ? 'mobile' : 'desktop';
const metricAudits = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];
const artifactsDir = path.join(rootDir, 'test-artifacts');
const say = (line: string) => console.log(`[lighthouse] ${line}`);

interface PageScores {
  path: string;
  /** Where the page ended up: a signed-out /dashboard would end on /login and measure the wrong page. */
  finalUrl: string;
  performance: number;
  accessibility: number;
  scriptTransferBytes: number;
  metrics: Record<string, string>;
}

async function stackUnderTest(): Promise<{ baseUrl: string; token: string; stop: () => Promise<void> }> {
  const { LIGHTHOUSE_BASE_URL: baseUrl, LIGHTHOUSE_TOKEN: token } = process.env;
  if (baseUrl) {
    if (!token) throw new Error('LIGHTHOUSE_BASE_URL needs LIGHTHOUSE_TOKEN (a session token) for /dashboard');
    return { baseUrl: baseUrl.replace(/\/$/, ''), token, stop: async () => undefined };
  }
  const { setup, teardown } = await import('../e2e/global-setup');
  await setup({ provide: () => undefined } as unknown as Parameters<typeof setup>[0]);
  try {
    // mail.ts reads the stack's addresses (set by setup) when it is loaded.
    const { apiCall, createVerifiedUser } = await import('../../web/e2e/support/mail');
    const { email, password } = await createVerifiedUser('lighthouse');
    const login = await apiCall('/api/auth/login', { email, password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    return { baseUrl: process.env.E2E_BASE_URL ?? '', token: String(login.body.token), stop: teardown };
  } catch (error) {
    await teardown();
    throw error;
  }
}

async function audit(
  url: string,
  port: number,
  keepStorage: boolean,
): Promise<{
  performance: number;
  accessibility: number;
  scriptBytes: number;
  finalUrl: string;
  metrics: Record<string, string>;
}> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: keepStorage,
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, finalDisplayedUrl } = result.lhr;
  saveFinalScreenshot(url, audits['final-screenshot']?.details as { data?: string } | undefined);
  writeFileSync(path.join(artifactsDir, `lighthouse-${pageName(url)}.report.json`), JSON.stringify(result.lhr));
  const requests =
    (audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })?.items ?? [];
  const scriptBytes = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    scriptBytes,
    finalUrl: finalDisplayedUrl,
    metrics: Object.fromEntries(metricAudits.map((id) => [id, audits[id]?.displayValue ?? 'n/a'] as const)),
  };
}

/** Writes what the page showed when Lighthouse finished to test-artifacts/lighthouse-<page>.jpg, to be looked at; the
 * full report goes next to it as lighthouse-<page>.report.json. */
function saveFinalScreenshot(url: string, screenshot: { data?: string } | undefined): void {
  const data = screenshot?.data?.replace(/^data:image\/jpeg;base64,/, '');
  if (!data) return;
  writeFileSync(path.join(artifactsDir, `lighthouse-${pageName(url)}.jpg`), Buffer.from(data, 'base64'));
}

const pageName = (url: string) => new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';

/** Stores the session token where the web app keeps it (spec section 9); the audit then keeps the storage. */
async function signIn(chromePort: number, baseUrl: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const weight = landingJsWeight(path.join(rootDir, 'web', 'dist'));
  say(
    `landing page initial JS: ${weight.files.length} files, ${(weight.rawBytes / 1024).toFixed(1)} KB raw, ` +
      `${(weight.gzipBytes / 1024).toFixed(1)} KB gzip, ${(weight.brotliBytes / 1024).toFixed(1)} KB brotli ` +
      `(budget ${LANDING_JS_BUDGET_BYTES / 1024} KB compressed)`,
  );
  const stack = await stackUnderTest();
  mkdirSync(artifactsDir, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  const scores: PageScores[] = [];
  try {
    for (const pagePath of ['/', '/login']) {
      const measured = await audit(`${stack.baseUrl}${pagePath}`, chrome.port, false);
      scores.push({ path: pagePath, ...measured, scriptTransferBytes: measured.scriptBytes });
    }
    await signIn(chrome.port, stack.baseUrl, stack.token);
    const dashboard = await audit(`${stack.baseUrl}/dashboard`, chrome.port, true);
    scores.push({ path: '/dashboard', ...dashboard, scriptTransferBytes: dashboard.scriptBytes });
  } finally {
    chrome.kill();
    await stack.stop();
  }
  for (const score of scores) {
    say(
      `${score.path.padEnd(11)} performance ${score.performance}  accessibility ${score.accessibility}  ` +
        `JS transferred ${(score.scriptTransferBytes / 1024).toFixed(1)} KB  ended on ${new URL(score.finalUrl).pathname}`,
    );
    say(
      `${' '.repeat(11)} ${Object.entries(score.metrics)
        .map(([id, value]) => `${id} ${value}`)
        .join(', ')}`,
    );
  }
  const report = { measuredAt: new Date().toISOString(), formFactor, landingJs: weight, pages: scores };
  const outFile = path.join(artifactsDir, `lighthouse${formFactor === 'mobile' ? '-mobile' : ''}.json`);
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  say(`written to ${path.relative(rootDir, outFile)}`);
  const failing = scores.filter(
    (score) => score.performance < 90 || score.accessibility < 95 || new URL(score.finalUrl).pathname !== score.path,
  );
  if (failing.length > 0 || weight.brotliBytes > LANDING_JS_BUDGET_BYTES) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
