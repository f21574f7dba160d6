// Issue 24, accessibility, in Chromium against the whole stack at 1440 px and 375 px: every public and
// signed-in page and every dialog passes axe-core with no serious or critical violation; each page has its
// own title; the skip link moves focus into the content; dialogs and the small-screen drawer take focus,
// keep it, and give it back to their trigger on close.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signUpVerified, uniqueEmail } from '../../infra/e2e/support/api';
import { upgrade } from '../../infra/e2e/support/checkout';
import './stack-context';
import { type AxeFinding, blockingFindings, runAxe } from './support/axe';
import { baseUrl, launchBrowser, pageFor, saveScreenshot, viewports } from './support/browser';
import { openPage } from './support/open-page';
import { addSinkSmtpAccount } from './support/sink-account';

const publicPages: Array<[path: string, title: string]> = [
  ['/', 'Mailwright'],
  ['/login', 'Login · Mailwright'],
  ['/signup', 'Sign Up · Mailwright'],
  ['/forgot-password', 'Forgot Password · Mailwright'],
  ['/reset-password/not-a-real-token', 'Reset Password · Mailwright'],
  ['/docs', 'Documentation · Mailwright'],
  ['/pricing', 'Pricing · Mailwright'],
  ['/about', 'About · Mailwright'],
  ['/contact', 'Contact · Mailwright'],
  ['/privacy', 'Privacy Policy · Mailwright'],
  ['/terms', 'Terms of Service · Mailwright'],
  ['/blog', 'Blog · Mailwright'],
  ['/no-such-page', 'Page Not Found · Mailwright'],
];

const appPages: Array<[path: string, title: string]> = [
  ['/dashboard', 'Dashboard · Mailwright'],
  ['/send-email', 'Send Email · Mailwright'],
  ['/emails', 'Email Logs · Mailwright'],
  ['/suppressions', 'Suppressions · Mailwright'],
  ['/email-accounts', 'Email Accounts · Mailwright'],
  ['/sender-pools', 'Sender Pools · Mailwright'],
  ['/templates', 'Templates · Mailwright'],
  ['/analytics', 'Analytics · Mailwright'],
  ['/api-keys', 'API Keys · Mailwright'],
  ['/webhooks', 'Webhooks · Mailwright'],
  ['/profile', 'Profile · Mailwright'],
  ['/pricing', 'Pricing · Mailwright'],
];

/** Every dialog: the page, the button that opens it, the dialog's name. */
const dialogs: Array<[path: string, trigger: string, dialog: string]> = [
  ['/email-accounts', 'Add SMTP', 'Add SMTP Account'],
  ['/sender-pools', 'Create Pool', 'Create Sender Pool'],
  ['/templates', 'Create Template', 'Create Template'],
  ['/api-keys', 'Create API Key', 'Create API Key'],
  ['/suppressions', 'Add Address', 'Add to Suppression List'],
  ['/suppressions', 'Import CSV', 'Import Suppression List'],
  ['/profile', 'Change Password', 'Change Password'],
  ['/profile', 'Log out everywhere', 'Log out everywhere?'],
  ['/pricing', 'Downgrade', 'Confirm Plan Downgrade'],
];

let browser: Browser;
let user: SignedInUser;

const describeFindings = (found: AxeFinding[]) =>
  found.map((finding) => `${finding.impact} ${finding.id}: ${finding.help} [${finding.targets.join(' | ')}]`);

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpVerified('a11y');
  // Pro, an SMTP sender and one email: every screen shows its full state and every dialog can open.
  expect((await upgrade(user.token, 'pro')).verify.status).toBe(200);
  await addSinkSmtpAccount(user, 'A11y', 'a11y@example.test');
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const scheduled = await api('/api/emails/send', {
    token: user.token,
    body: {
      to: [uniqueEmail('a11y-to')],
      subject: 'Accessible hello',
      body: 'Hi',
      scheduledAt: `${later}T09:30:00`,
      timezone: 'UTC',
    },
  });
  expect(scheduled.status).toBeLessThan(300);
});

afterAll(async () => {
  await browser?.close();
});

describe.each(['desktop', 'mobile'] as const)('accessibility at %s width', (viewport) => {
  it.each([
    ['public', false, publicPages],
    ['signed-in', true, appPages],
  ] as const)(
    'gives every %s page its title and no serious or critical axe violation',
    async (_who, signedIn, pages) => {
      const page = await pageFor(browser, signedIn ? user : null, viewport);
      const blocking: AxeFinding[] = [];
      for (const [path, title] of pages) {
        await openPage(page, path, 'in-app');
        expect(await page.title(), path).toBe(title);
        blocking.push(...blockingFindings(`${path} at ${viewport}`, await runAxe(page)));
      }
      expect(describeFindings(blocking)).toEqual([]);
    },
    120_000,
  );

  it('moves focus into every dialog, passes axe there, and gives focus back to the trigger on Escape', async () => {
    const page = await pageFor(browser, user, viewport);
    const blocking: AxeFinding[] = [];
    for (const [path, triggerName, dialogName] of dialogs) {
      if (new URL(page.url() || 'about:blank', baseUrl).pathname !== path) await openPage(page, path, 'in-app');
      const trigger = page.getByRole('button', { name: triggerName, exact: true }).first();
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.waitFor();
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), dialogName).toBe(true);
      blocking.push(...blockingFindings(`${dialogName} dialog at ${viewport}`, await runAxe(page, { scope: dialog })));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await trigger.evaluate((element) => element === document.activeElement), `focus back on ${triggerName}`).toBe(true);
    }
    // The email log's details, opened from a row.
    await openPage(page, '/emails', 'in-app');
    const row = page.getByTestId(viewport === 'desktop' ? 'email-row' : 'email-card').first();
    await row.click();
    const details = page.getByRole('dialog', { name: 'Email Details' });
    await details.waitFor();
    blocking.push(...blockingFindings(`Email Details dialog at ${viewport}`, await runAxe(page, { scope: details })));
    await saveScreenshot(page, `a11y-email-details-${viewports[viewport].width}`);
    expect(describeFindings(blocking)).toEqual([]);
  }, 120_000);

  it('offers a skip link as the first Tab stop that moves focus into the content', async () => {
    const page = await pageFor(browser, user, viewport);
    await openPage(page, '/templates');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await saveScreenshot(page, `a11y-skip-link-${viewports[viewport].width}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
  });
});

describe('the small-screen menu drawer', () => {
  it('takes focus, keeps Tab inside, passes axe, and gives focus back to "Open menu" on Escape', async () => {
    const page = await pageFor(browser, user, 'mobile');
    await openPage(page, '/dashboard');
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await openMenu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    const focusIsInside = () => drawer.evaluate((element) => element.contains(document.activeElement));
    expect(await focusIsInside()).toBe(true);
    for (let press = 0; press < 16; press += 1) await page.keyboard.press('Tab');
    expect(await focusIsInside()).toBe(true);
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Shift+Tab');
    expect(await focusIsInside()).toBe(true);
    expect(describeFindings(blockingFindings('drawer', await runAxe(page, { scope: drawer })))).toEqual([]);
    await saveScreenshot(page, 'a11y-drawer-375');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await openMenu.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
