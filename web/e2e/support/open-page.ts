// Opening a page of the app in a browser test, and waiting until it is shown in full.
import type { Page } from 'playwright-core';

/**
 * Opens `path` and waits until its heading is shown, nothing is loading any more and no finite transition is still
 * running (colours are checked as drawn: a button fading in from its disabled opacity fails a contrast check
 * halfway; endless animations, a spinner elsewhere, are not waited for).
 *
 * `in-app`: as a user moves within the app, by the router's own navigation (a history entry and its popstate), which
 * keeps the page and whatever a test put in it (axe); a full load boots the app again, and with axe injected anew
 * that is most of a browser test's time in Chromium. A page's title is set as it is shown, so a changed title says
 * the new page is there: the page before must have another title. A page with nothing loaded yet is loaded in full.
 */
export async function openPage(page: Page, path: string, how: 'load' | 'in-app' = 'load'): Promise<void> {
  if (how === 'in-app' && page.url() !== 'about:blank') {
    const before = await page.title();
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForFunction((title) => document.title !== title, before);
  } else {
    await page.goto(path);
  }
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main .animate-spin'));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}
