// Browser plumbing for the web app's end-to-end tests: Debian's Chromium through playwright-core,
// pointed at E2E_BASE_URL (the gateway serving web/dist), screenshots into web/test-artifacts/.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { getCurrentTest } from 'vitest/suite';

export const baseUrl = (process.env.E2E_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
/** The SMTP sink's HTTP API (GET /messages?to=…); mail-dependent tests need it. */
export const sinkUrl = process.env.E2E_SINK_URL?.replace(/\/$/, '');

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-artifacts/screenshots');

export const viewports = { mobile: { width: 375, height: 812 }, desktop: { width: 1440, height: 900 } } as const;
export type ViewportName = keyof typeof viewports;
/** Both widths, wide first: the loop of tests that check a screen at 1440 px and 375 px. */
export const widths: readonly ViewportName[] = ['desktop', 'mobile'];
/** A width's pixels, for screenshot names. */
export const px = (viewport: ViewportName) => viewports[viewport].width;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** The page's recent API answers and failed requests, shown when a wait times out. */
const apiTrail = new WeakMap<Page, string[]>();

/** What a test may set on a page's context besides its width: the viewer's zone, the system theme, downloads. */
export type PageOptions = Pick<BrowserContextOptions, 'timezoneId' | 'colorScheme' | 'acceptDownloads'>;

export async function newPage(
  browser: Browser,
  viewport: ViewportName = 'desktop',
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, viewport: viewports[viewport], baseURL: baseUrl });
  // A page opened by a test closes when the test ends; one opened in a beforeAll lives until its browser closes.
  if (getCurrentTest()) onTestFinished(() => context.close());
  const page = await context.newPage();
  const trail: string[] = [];
  apiTrail.set(page, trail);
  const note = (line: string) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trail.length > 30) trail.shift();
  };
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) note(`${response.request().method()} ${url.pathname} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) note(`${request.method()} ${url.pathname} failed: ${request.failure()?.errorText}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated to ${new URL(frame.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text().slice(0, 200)}`);
  });
  return { context, page };
}

/**
 * A page in a fresh context at this width, signed in as `user` (its token is in local storage before the app's
 * first script runs) or a visitor when `user` is null; the viewer's zone is UTC unless `options` say otherwise.
 * Closing the browser closes its context.
 */
export async function pageFor(
  browser: Browser,
  user: { token: string } | null,
  viewport: ViewportName = 'desktop',
  options: PageOptions = {},
): Promise<Page> {
  const { context, page } = await newPage(browser, viewport, { timezoneId: 'UTC', ...options });
  if (user) await context.addInitScript((token) => window.localStorage.setItem('token', token), user.token);
  return page;
}

/**
 * `page` at this width, for a test that looks at one screen at both widths: one tab resized rather than a tab for
 * each, since every new tab is a new renderer process, which costs Chromium 1–2 s of CPU on these machines.
 */
export async function atWidth(page: Page, viewport: ViewportName): Promise<Page> {
  await page.setViewportSize(viewports[viewport]);
  return page;
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fails when the page is wider than the viewport (something overflows sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A toast with exactly this text. */
export const toast = (page: Page, text: string) => page.locator('[role="status"]', { hasText: text }).first();

/** Waits until the app shows `pathname` (client-side redirects included, which fire no load event). */
export async function waitForPath(page: Page, pathname: string, timeout = 10_000): Promise<void> {
  try {
    await page.waitForFunction((expected) => window.location.pathname === expected, pathname, { timeout });
  } catch (error) {
    const at = await page.evaluate(() => ({ path: window.location.pathname, token: Boolean(localStorage.getItem('token')) }));
    const trail = (apiTrail.get(page) ?? []).join('\n  ');
    throw new Error(
      `Still at ${at.path} (token ${at.token ? 'kept' : 'gone'}) ${timeout} ms after waiting for ${pathname}. Recent:\n  ${trail}`,
      { cause: error },
    );
  }
}
