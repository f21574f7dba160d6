// Issue 24, dark mode, in Chromium against the whole stack at 1440 px and 375 px: the page follows the
// system setting by default, the top bar's theme button overrides it and the choice (`mailwright.theme`
// in local storage) survives a reload and is applied before the first paint; the dark theme passes axe's
// colour-contrast rule on public and signed-in pages. Screenshots: dark-*.png.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpVerified } from '../../infra/e2e/support/api';
import './stack-context';
import { type AxeFinding, blockingFindings, runAxe } from './support/axe';
import { baseUrl, launchBrowser, saveScreenshot, type ViewportName, viewports } from './support/browser';

let browser: Browser;
let user: SignedInUser;
const contexts: BrowserContext[] = [];

async function pageFor(viewport: ViewportName, colorScheme: 'light' | 'dark', signedIn = false): Promise<Page> {
  const context = await browser.newContext({ viewport: viewports[viewport], baseURL: baseUrl, colorScheme });
  contexts.push(context);
  if (signedIn) await context.addInitScript((token) => window.localStorage.setItem('token', token), user.token);
  return context.newPage();
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main .animate-spin'));
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpVerified('dark');
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe.each(['desktop', 'mobile'] as const)('dark mode at %s width', (viewport) => {
  const width = viewports[viewport].width;

  it('follows the system setting when nothing is chosen', async () => {
    const dark = await pageFor(viewport, 'dark');
    await open(dark, '/');
    expect(await theme(dark)).toBe('dark');
    expect(await pageBackground(dark)).not.toBe('rgb(255, 255, 255)');
    expect(await dark.getByRole('button', { name: 'Theme: System' }).isVisible()).toBe(true);
    await saveScreenshot(dark, `dark-landing-${width}`);
    const light = await pageFor(viewport, 'light');
    await open(light, '/');
    expect(await theme(light)).toBe('light');
    expect(await pageBackground(light)).toBe('rgb(255, 255, 255)');
  });

  it('switches with the top bar button, remembers the choice, and applies it before the first paint', async () => {
    const page = await pageFor(viewport, 'light', true);
    await open(page, '/dashboard');
    await page.getByRole('button', { name: 'Theme: System' }).click();
    await page.getByRole('button', { name: 'Theme: Light' }).click();
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate(() => window.localStorage.getItem('mailwright.theme'))).toBe('dark');
    // Before any of the app's own code runs (theme-init.js in <head>), the stored choice is already on <html>.
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await theme(page)).toBe('dark');
    await open(page, '/dashboard');
    await saveScreenshot(page, `dark-dashboard-${width}`);
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    expect(await theme(page)).toBe('light');
    expect(await page.evaluate(() => window.localStorage.getItem('mailwright.theme'))).toBe('system');
  });

  it('keeps text readable in the dark theme (axe colour contrast, 0 serious or critical)', async () => {
    const page = await pageFor(viewport, 'dark', true);
    const blocking: AxeFinding[] = [];
    for (const path of ['/dashboard', '/send-email', '/profile', '/pricing', '/docs']) {
      await open(page, path);
      expect(await theme(page)).toBe('dark');
      blocking.push(...blockingFindings(`dark ${path} at ${viewport}`, await runAxe(page, { rules: ['color-contrast'] })));
    }
    await saveScreenshot(page, `dark-docs-${width}`);
    const visitor = await pageFor(viewport, 'dark');
    for (const path of ['/', '/login', '/blog']) {
      await open(visitor, path);
      blocking.push(...blockingFindings(`dark ${path} at ${viewport}`, await runAxe(visitor, { rules: ['color-contrast'] })));
    }
    await saveScreenshot(visitor, `dark-blog-${width}`);
    expect(blocking.map((finding) => `${finding.help} [${finding.targets.join(' | ')}]`)).toEqual([]);
  }, 120_000);
});
