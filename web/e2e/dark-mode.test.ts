// Issue 24, dark mode, in Chromium against the whole stack at 1440 px and 375 px: the page follows the
// system setting by default, the top bar's theme button overrides it and the choice (`mailwright.theme`
// in local storage) survives a reload and is applied before the first paint; the dark theme passes axe's
// colour-contrast rule on public and signed-in pages. In both themes the sidebar runs the full height of a
// scrolled page, the Email Accounts actions stay on one line each (one row at 1440 px) and the dashboard's quota bar
// shows its empty track. Screenshots: dark-*.png, layout-*.png.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUpVerified } from '../../infra/e2e/support/api';
import './stack-context';
import { type AxeFinding, blockingFindings, runAxe } from './support/axe';
import { launchBrowser, pageFor, saveScreenshot, viewports } from './support/browser';
import { openPage } from './support/open-page';
import { addSinkSmtpAccount } from './support/sink-account';

let browser: Browser;
let user: SignedInUser;

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** How many lines of text a button or link holds: its content box's height over its line height. */
const textLines = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const edges = [style.paddingTop, style.paddingBottom, style.borderTopWidth, style.borderBottomWidth];
    const content = element.getBoundingClientRect().height - edges.reduce((sum, edge) => sum + Number.parseFloat(edge), 0);
    return Math.round(content / Number.parseFloat(style.lineHeight));
  });

/** Where the sidebar ends and how tall the page and the screen are (CSS px from the top of the page). */
const verticalExtent = (page: Page) =>
  page.evaluate(() => ({
    sidebarBottom: (document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().bottom ?? 0) + window.scrollY,
    pageHeight: document.documentElement.scrollHeight,
    viewportHeight: window.innerHeight,
  }));

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpVerified('dark');
  // The free plan's one sender: Email Accounts shows all its actions at once (count, Upgrade Plan, Add, Connect).
  await addSinkSmtpAccount(user, 'Dark');
});

afterAll(async () => {
  await browser?.close();
});

describe.each(['desktop', 'mobile'] as const)('dark mode at %s width', (viewport) => {
  const width = viewports[viewport].width;

  it('follows the system setting when nothing is chosen', async () => {
    const visitor = await pageFor(browser, null, viewport, { colorScheme: 'dark' });
    await openPage(visitor, '/');
    expect(await theme(visitor)).toBe('dark');
    expect(await pageBackground(visitor)).not.toBe('rgb(255, 255, 255)');
    expect(await visitor.getByRole('button', { name: 'Theme: System' }).isVisible()).toBe(true);
    await saveScreenshot(visitor, `dark-landing-${width}`);
    // The system setting changes under the same tab (a new tab is a new renderer process, 1–2 s of CPU here).
    await visitor.emulateMedia({ colorScheme: 'light' });
    await openPage(visitor, '/');
    expect(await theme(visitor)).toBe('light');
    expect(await pageBackground(visitor)).toBe('rgb(255, 255, 255)');
  });

  it('switches with the top bar button, remembers the choice, and applies it before the first paint', async () => {
    const page = await pageFor(browser, user, viewport, { colorScheme: 'light' });
    await openPage(page, '/dashboard');
    await page.getByRole('button', { name: 'Theme: System' }).click();
    await page.getByRole('button', { name: 'Theme: Light' }).click();
    await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate(() => window.localStorage.getItem('mailwright.theme'))).toBe('dark');
    // Before any of the app's own code runs (theme-init.js in <head>), the stored choice is already on <html>.
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await theme(page)).toBe('dark');
    await openPage(page, '/dashboard');
    await saveScreenshot(page, `dark-dashboard-${width}`);
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    expect(await theme(page)).toBe('light');
    expect(await page.evaluate(() => window.localStorage.getItem('mailwright.theme'))).toBe('system');
  });

  it('runs the sidebar down the whole scrolled page and keeps the account actions on one line, light and dark', async () => {
    const page = await pageFor(browser, user, viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await openPage(page, '/dashboard');
      await page.getByTestId('first-run-checklist').waitFor();
      if (viewport === 'desktop') {
        const extent = await verticalExtent(page);
        expect(extent.pageHeight, 'the dashboard scrolls').toBeGreaterThan(extent.viewportHeight);
        expect(extent.sidebarBottom, 'the sidebar reaches the bottom of the page').toBeGreaterThanOrEqual(extent.pageHeight);
      }
      // The quota bar's empty track stands out from its card (the dark theme once painted both the same).
      const [track, card] = await Promise.all(
        ['quota-track', 'card-quota'].map((id) =>
          page.getByTestId(id).evaluate((element) => getComputedStyle(element).backgroundColor),
        ),
      );
      expect(track, `the quota track on its card (${colorScheme})`).not.toBe(card);
      await saveScreenshot(page, `layout-dashboard-${colorScheme}-${width}`);
      await openPage(page, '/email-accounts');
      await page.getByTestId('upgrade-plan-link').waitFor();
      if (viewport === 'desktop') {
        // A short page fills the screen exactly: the sidebar to its bottom, and no stray scroll.
        const extent = await verticalExtent(page);
        expect(extent.pageHeight, 'the short page does not scroll').toBe(extent.viewportHeight);
        expect(extent.sidebarBottom, 'the sidebar reaches the bottom of the screen').toBe(extent.viewportHeight);
      }
      const actions = [
        page.getByTestId('account-allowance'),
        page.getByTestId('upgrade-plan-link'),
        ...['Add SMTP', 'Connect Gmail', 'Connect Outlook'].map((name) => page.getByRole('button', { name })),
      ];
      const tops = new Set<number>();
      for (const action of actions) {
        expect(await textLines(action), (await action.textContent()) ?? '').toBe(1);
        tops.add(Math.round((await action.boundingBox())?.y ?? -1));
      }
      // At 1440 px the count and the four actions fit beside the title: one row, no button left on a line alone.
      if (viewport === 'desktop') expect([...tops], "the actions' tops").toHaveLength(1);
      await saveScreenshot(page, `layout-email-accounts-${colorScheme}-${width}`);
    }
  });

  it('keeps text readable in the dark theme (axe colour contrast, 0 serious or critical)', async () => {
    const page = await pageFor(browser, user, viewport, { colorScheme: 'dark' });
    const blocking: AxeFinding[] = [];
    // After the first, each page is opened in the app (axe stays in the page); full loads are the tests above.
    for (const path of ['/dashboard', '/send-email', '/profile', '/pricing', '/docs']) {
      await openPage(page, path, 'in-app');
      expect(await theme(page)).toBe('dark');
      blocking.push(...blockingFindings(`dark ${path} at ${viewport}`, await runAxe(page, { rules: ['color-contrast'] })));
    }
    await saveScreenshot(page, `dark-docs-${width}`);
    const visitor = await pageFor(browser, null, viewport, { colorScheme: 'dark' });
    for (const path of ['/', '/login', '/blog']) {
      await openPage(visitor, path, 'in-app');
      blocking.push(...blockingFindings(`dark ${path} at ${viewport}`, await runAxe(visitor, { rules: ['color-contrast'] })));
    }
    await saveScreenshot(visitor, `dark-blog-${width}`);
    expect(blocking.map((finding) => `${finding.help} [${finding.targets.join(' | ')}]`)).toEqual([]);
  }, 120_000);
});
