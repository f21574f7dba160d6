// Issue 24 in Chromium against the whole stack, at 1440 px and 375 px: template sends wait for every value
// (1), API keys need a paid plan (3), errors in plain words beside their field with /pricing links (4), the
// log's three states (5), notices above dialogs and below the top bar, merged (6), the profile form at
// desktop width (7), one time format (8), and the smaller points of 9. Screenshots: issue24-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signUpVerified, uniqueEmail, waitForMail } from '../../infra/e2e/support/api';
import { upgrade } from '../../infra/e2e/support/checkout';
import './stack-context';
import { atWidth, horizontalOverflow, launchBrowser, pageFor, px, saveScreenshot, toast, widths } from './support/browser';
import { addSinkSmtpAccount } from './support/sink-account';

let browser: Browser;

/** A scheduled email, 20 days ahead at 09:30 in `timezone`. */
async function schedule(user: SignedInUser, subject: string, timezone: string): Promise<void> {
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const sent = await api('/api/emails/send', {
    token: user.token,
    body: { to: [uniqueEmail('later')], subject, body: 'Later', scheduledAt: `${day}T09:30:00`, timezone },
  });
  expect(sent.status).toBeLessThan(300);
}

/** The app path of the identity link in the newest mail to `to` whose subject matches. */
async function linkPath(to: string, subject: RegExp, kind: 'verify-email' | 'reset-password'): Promise<string> {
  const mail = await waitForMail(to, (candidate) => subject.test(candidate.subject));
  const token = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${kind} link in "${mail.subject}"`);
  return `/${kind}/${token}`;
}

/** The element at the centre of `locator` is inside it: nothing (a backdrop, a bar) covers it. */
async function isOnTop(page: Page, selector: string, text: string): Promise<boolean> {
  return page.evaluate(
    ([css, wanted]) => {
      const element = [...document.querySelectorAll(css)].find((candidate) => candidate.textContent?.includes(wanted));
      if (!element) return false;
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (element.contains(hit) || hit.contains(element));
    },
    [selector, text] as const,
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('issue 24', () => {
  it('1: Send waits, saying why, until every template variable has a value; what arrives is what the preview showed', async () => {
    const user = await signUpVerified('i24-send');
    await addSinkSmtpAccount(user, 'Issue 24');
    const template = await api('/api/templates', {
      token: user.token,
      body: { name: 'Welcome', subject: 'Welcome to {{company}}, {{name}}!', body: 'Hi {{name}}, this is {{company}}.' },
    });
    expect(template.status).toBe(201);
    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/send-email');
      await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Welcome' });
      await page.getByLabel('name', { exact: true }).fill('Bea');
      await page.getByLabel('To', { exact: true }).fill(uniqueEmail('i24-to'));
      const send = page.getByRole('button', { name: 'Send Email' });
      expect(await send.isDisabled()).toBe(true);
      expect(await page.getByTestId('send-blocked').textContent()).toContain('{{company}}');
      expect(await page.getByTestId('template-preview').textContent()).toContain('Not filled: company');
      await page.getByTestId('send-blocked').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `issue24-1-send-blocked-${px(viewport)}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    }
    const page = await atWidth(tab, 'desktop');
    const recipient = uniqueEmail('i24-filled');
    await page.goto('/send-email');
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Welcome' });
    await page.getByLabel('name', { exact: true }).fill('Bea');
    await page.getByLabel('company', { exact: true }).fill('Acme');
    await page.getByLabel('To', { exact: true }).fill(recipient);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await toast(page, 'Email sent!').waitFor();
    const mail = await waitForMail(recipient);
    expect(mail.subject).toBe('Welcome to Acme, Bea!');
  });

  it('3: API keys need a paid plan: the rule and a /pricing link on free; keys unusable after a downgrade', async () => {
    const user = await signUpVerified('i24-keys');
    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/api-keys');
      const notice = page.getByTestId('api-access-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('API access is available on the Pro and Enterprise plans.');
      expect(await notice.getByRole('link').getAttribute('href')).toBe('/pricing');
      // The plan rule is shown before the wall: Create API Key is disabled, with Upgrade Plan beside it.
      expect(await page.getByRole('button', { name: 'Create API Key' }).isDisabled()).toBe(true);
      await saveScreenshot(page, `issue24-3-api-keys-free-${px(viewport)}`);
      await page.getByTestId('upgrade-plan-link').click();
      await page.waitForURL((url) => url.pathname === '/pricing');
    }
    expect((await api<{ data: unknown[] }>('/api/api-keys', { token: user.token })).body.data).toHaveLength(0);

    expect((await upgrade(user.token, 'pro')).verify.status).toBe(200);
    const page = await atWidth(tab, 'desktop');
    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByRole('dialog', { name: 'Create API Key' }).getByLabel('Key Name').fill('Made on pro');
    await page.getByRole('button', { name: 'Create Key' }).click();
    await page.getByRole('dialog', { name: 'API Key Created' }).getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Made on pro' });
    await row.waitFor();
    expect(await row.getByTestId('api-key-unusable').count()).toBe(0);

    expect((await api('/api/payments/downgrade', { token: user.token, body: { planId: 'free' } })).status).toBe(200);
    for (const viewport of widths) {
      const after = await atWidth(tab, viewport);
      await after.goto('/api-keys');
      const kept = after.getByTestId('api-key-row').filter({ hasText: 'Made on pro' });
      await kept.getByTestId('api-key-unusable').waitFor();
      expect(await kept.getByTestId('api-key-unusable').textContent()).toBe('Unusable on the Free plan');
      expect(await after.getByTestId('api-access-notice').textContent()).toContain('every call with them is refused');
      await saveScreenshot(after, `issue24-3-api-keys-downgraded-${px(viewport)}`);
    }
  });

  it('4: errors in plain words beside their field; a plan limit carries a real /pricing link', async () => {
    const user = await signUpVerified('i24-errors');
    await addSinkSmtpAccount(user, 'Issue 24');
    for (let i = 1; i <= 5; i += 1) {
      expect((await api('/api/templates', { token: user.token, body: { name: `T${i}`, subject: 's', body: 'b' } })).status).toBe(
        201,
      );
    }
    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/send-email');
      const to = page.getByLabel('To', { exact: true });
      await to.fill('ada@example.test, not-an-address');
      await page.getByLabel('Subject', { exact: true }).fill('Hi');
      await page.getByLabel('Message').fill('Body');
      await page.getByRole('button', { name: 'Send Email' }).click();
      const error = page.getByTestId('field-error');
      await error.waitFor();
      expect(await error.textContent()).toBe('Address 2 in To is not a valid email address');
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      const errorId = await error.getAttribute('id');
      expect((await to.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
      expect(await page.getByText(/must match format/).count()).toBe(0);
      await to.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `issue24-4-field-error-${px(viewport)}`);

      // At the limit the add action is disabled before any form is filled, with Upgrade Plan to /pricing.
      await page.goto('/templates');
      await page.getByTestId('template-allowance').getByText('5 of 5 templates').waitFor();
      expect(await page.getByRole('button', { name: 'Create Template' }).isDisabled()).toBe(true);
      expect(await page.getByTestId('upgrade-plan-link').getAttribute('href')).toBe('/pricing');
      await saveScreenshot(page, `issue24-4-plan-limit-${px(viewport)}`);
    }
  });

  it('5: Email Logs tells an empty account, no match and a failed load apart', async () => {
    const user = await signUpVerified('i24-logs');
    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/emails');
      await page.getByText('No emails sent yet').waitFor();
      await page.getByLabel('Status').selectOption('bounced');
      await page.getByText('No emails match these filters').waitFor();
      await saveScreenshot(page, `issue24-5-no-match-${px(viewport)}`);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByText('No emails sent yet').waitFor();
      expect(await page.getByLabel('Status').inputValue()).toBe('');

      await page.route('**/api/emails?*', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down","code":"SERVICE_UNAVAILABLE"}' }),
      );
      await page.reload();
      const failed = page.getByRole('alert').filter({ hasText: 'Failed to load data' });
      await failed.waitFor();
      expect(await page.getByText('No emails sent yet').count()).toBe(0);
      await saveScreenshot(page, `issue24-5-load-failed-${px(viewport)}`);
      await page.unroute('**/api/emails?*');
      await failed.getByRole('button', { name: 'Retry' }).click();
      await page.getByText('No emails sent yet').waitFor();
    }
  });

  it('6: notices show above an open dialog and below the top bar, one per text', async () => {
    const user = await signUpVerified('i24-notices');
    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.route('**/api/templates', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: '{"message":"Internal server error","code":"INTERNAL_ERROR"}',
            })
          : route.continue(),
      );
      await page.goto('/templates');
      await page.getByRole('button', { name: 'Create Template' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Template' });
      await dialog.getByLabel('Template Name').fill('Broken');
      await dialog.getByLabel('Subject', { exact: true }).fill('s');
      await dialog.getByLabel('Body').fill('b');
      for (let i = 0; i < 3; i += 1) await dialog.getByRole('button', { name: 'Create Template' }).click();
      const notice = toast(page, 'Internal server error');
      await notice.waitFor();
      await page.waitForTimeout(500);
      expect(await page.locator('[role="status"]', { hasText: 'Internal server error' }).count()).toBe(1);
      expect(await isOnTop(page, '[role="status"]', 'Internal server error')).toBe(true);
      const header = await page.locator('header').first().boundingBox();
      const box = await notice.boundingBox();
      expect(box && header && box.y >= header.y + header.height).toBe(true);
      await saveScreenshot(page, `issue24-6-notice-over-dialog-${px(viewport)}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isOnTop(page, 'button', 'Logout')).toBe(true);
    }
  });

  it('7: Profile at desktop width: Save Changes keeps its size and the fields sit together', async () => {
    const user = await signUpVerified('i24-profile');
    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/profile');
      const save = page.getByRole('button', { name: 'Save Changes' });
      await save.waitFor();
      const button = await save.boundingBox();
      expect(button?.height).toBeLessThan(48);
      const name = await page.getByLabel('Name', { exact: true }).boundingBox();
      const avatar = await page.getByLabel('Avatar URL').boundingBox();
      // Label, input, hint: the next field starts within a normal gap of the one before.
      expect(name && avatar && avatar.y - (name.y + name.height)).toBeLessThan(60);
      await saveScreenshot(page, `issue24-7-profile-${px(viewport)}`);
    }
  });

  it("8: details in the email's zone as IST; the log's Date column in the viewer's zone for every row", async () => {
    const user = await signUpVerified('i24-times');
    await addSinkSmtpAccount(user, 'Issue 24');
    await schedule(user, 'Kolkata morning', 'Asia/Kolkata');
    await schedule(user, 'London morning', 'Europe/London');
    const tab = await pageFor(browser, user, 'desktop', { timezoneId: 'America/New_York' });
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/emails');
      const rows = viewport === 'desktop' ? page.getByTestId('email-row') : page.getByTestId('email-card');
      await rows.first().waitFor();
      const texts = await rows.allTextContents();
      expect(texts).toHaveLength(2);
      for (const text of texts) expect(text).toMatch(/\d{2}:\d{2}:\d{2} E[SD]T/);
      await saveScreenshot(page, `issue24-8-log-dates-${px(viewport)}`);
      await rows.filter({ hasText: 'Kolkata morning' }).click();
      const details = page.getByRole('dialog', { name: 'Email Details' });
      await details.waitFor();
      expect(await details.textContent()).toMatch(/[A-Z][a-z]{2} \d{2}, \d{4} 09:30:00 IST/);
      expect(await details.textContent()).not.toContain('GMT+5:30');
      await saveScreenshot(page, `issue24-8-details-ist-${px(viewport)}`);
    }
  });

  it('9: email in the mobile top bar; no guest buttons while /pricing loads the session', async () => {
    const user = await signUpVerified('i24-bar');
    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/dashboard');
      const email = page.getByTestId('user-email');
      await email.waitFor();
      expect(await email.isVisible()).toBe(true);
      expect(await email.getAttribute('title')).toBe(user.email);
      await saveScreenshot(page, `issue24-9-top-bar-${px(viewport)}`);

      let releaseSession: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        releaseSession = resolve;
      });
      await page.route('**/api/auth/me', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/pricing');
      await page.getByTestId('plan-free').waitFor();
      await page.waitForTimeout(300);
      expect(await page.getByRole('link', { name: 'Subscribe Now' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
      await saveScreenshot(page, `issue24-9-pricing-loading-${px(viewport)}`);
      releaseSession();
      await page.getByTestId('plan-free').getByRole('button', { name: 'Current Plan' }).waitFor();
      await page.unroute('**/api/auth/me');
    }
  });

  it('9: used verification and reset links say why and how to get a new one', async () => {
    const email = uniqueEmail('i24-links');
    expect((await api('/api/auth/signup', { body: { name: 'Links', email, password: 'secret-pass-1' } })).status).toBe(201);
    const verifyPath = await linkPath(email, /verify/i, 'verify-email');
    expect((await api(`/api${verifyPath.replace('/verify-email/', '/auth/verify-email/')}`)).status).toBe(200);
    const tab = await pageFor(browser, null, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto(verifyPath);
      const problem = page.getByTestId('link-problem');
      await problem.waitFor();
      expect(await problem.textContent()).toContain('This verification link has already been used.');
      await saveScreenshot(page, `issue24-9-verify-used-${px(viewport)}`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.getByTestId('link-problem').textContent()).toContain('your email is already verified: log in.');
      await saveScreenshot(page, `issue24-9-verify-used-login-${px(viewport)}`);
    }

    expect((await api('/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    const resetPath = await linkPath(email, /Reset your password/, 'reset-password');
    expect(
      (
        await api(`/api${resetPath.replace('/reset-password/', '/auth/reset-password/')}`, {
          body: { password: 'secret-pass-2' },
        })
      ).status,
    ).toBe(200);
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto(resetPath);
      await page.getByLabel('New password').fill('secret-pass-3');
      await page.getByRole('button', { name: 'Reset password' }).click();
      const problem = page.getByTestId('link-problem');
      await problem.waitFor();
      expect(await problem.textContent()).toContain('This password reset link has already been used.');
      expect(await problem.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
      await saveScreenshot(page, `issue24-9-reset-used-${px(viewport)}`);
    }
  });

  it('9: deleting a sender warns about its scheduled emails; cancelling a scheduled email asks first', async () => {
    const user = await signUpVerified('i24-delete');
    await addSinkSmtpAccount(user, 'Issue 24');
    await schedule(user, 'Due later', 'UTC');
    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/email-accounts');
      const asked = new Promise<string>((resolve) => {
        page.once('dialog', (question) => {
          resolve(question.message());
          void question.dismiss();
        });
      });
      await page.getByTestId('account-row').first().getByRole('button', { name: 'Delete' }).click();
      const question = await asked;
      expect(question).toContain('1 scheduled email is due to go out from this account.');
      expect(question).toContain('Are you sure you want to delete this account?');
      expect((await api<{ data: unknown[] }>('/api/email-accounts', { token: user.token })).body.data).toHaveLength(1);

      await page.goto('/emails');
      const rows = viewport === 'desktop' ? page.getByTestId('email-row') : page.getByTestId('email-card');
      await rows.filter({ hasText: 'Due later' }).click();
      const details = page.getByRole('dialog', { name: 'Email Details' });
      const cancelAsked = new Promise<string>((resolve) => {
        page.once('dialog', (confirm) => {
          resolve(confirm.message());
          void confirm.dismiss();
        });
      });
      await details.getByRole('button', { name: 'Cancel Scheduled Email' }).click();
      expect(await cancelAsked).toBe('Cancel this scheduled email? It will not be sent.');
      const stored = await api<{ data: Array<{ subject: string; status: string }> }>('/api/emails?limit=10', {
        token: user.token,
      });
      expect(stored.body.data.find((row) => row.subject === 'Due later')?.status).toBe('scheduled');
    }
  });
});
