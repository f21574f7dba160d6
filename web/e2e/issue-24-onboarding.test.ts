// Issue 24, "Onboarding", in Chromium against the whole stack at 1440 px and 375 px: "Resend verification email"
// on /login after an unverified refusal (a working new link, then the clear 429 within the minute), and the
// dashboard's first-run checklist (verify -> add a sender -> send a test email to yourself, which arrives).
// Screenshots: issue24-onboarding-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, linkIn, mailsTo, signUpVerified, uniqueEmail, waitForMail } from '../../infra/e2e/support/api';
import './stack-context';
import { horizontalOverflow, launchBrowser, pageFor, px, saveScreenshot, toast, widths } from './support/browser';
import { addSinkSmtpAccount } from './support/sink-account';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('issue 24: onboarding', () => {
  it('offers Resend verification email on /login when verification is required; the new link works; a repeat is 429', {
    timeout: 240_000,
  }, async () => {
    for (const viewport of widths) {
      const email = uniqueEmail(`i24-resend-${viewport}`);
      expect((await api('/api/auth/signup', { body: { name: 'New Person', email, password: 'secret-pass-1' } })).status).toBe(
        201,
      );
      await waitForMail(email);
      const page = await pageFor(browser, null, viewport);
      await page.goto('/login');
      const resend = page.getByRole('button', { name: 'Resend verification email' });
      expect(await resend.count()).toBe(0);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill('secret-pass-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await resend.waitFor();
      const before = (await mailsTo(email)).length;
      await resend.click();
      await toast(page, 'a new verification link is on its way').waitFor();
      await saveScreenshot(page, `issue24-onboarding-resend-${px(viewport)}`);
      await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBeGreaterThan(before);
      await resend.click();
      await toast(page, 'A verification email was sent to this address less than a minute ago.').waitFor();
      await saveScreenshot(page, `issue24-onboarding-resend-throttled-${px(viewport)}`);

      const newest = (await mailsTo(email)).at(-1);
      const token = linkIn(newest as NonNullable<typeof newest>, '/verify-email/').split('/verify-email/')[1];
      expect((await api(`/api/auth/verify-email/${token}`)).status).toBe(200);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
    }
  });

  it('walks the first-run checklist: add a sender, send a test email to yourself, then it is gone', {
    timeout: 240_000,
  }, async () => {
    for (const viewport of widths) {
      const user = await signUpVerified(`i24-first-${viewport}`);
      const page = await pageFor(browser, user, viewport);
      await page.goto('/dashboard');
      const checklist = page.getByTestId('first-run-checklist');
      await checklist.waitFor();
      expect(await checklist.getByTestId('first-run-progress').textContent()).toBe('1 of 3 done');
      expect(await checklist.getByTestId('first-run-verify').getAttribute('data-done')).toBe('true');
      const sendTest = checklist.getByRole('button', { name: `Send test email to ${user.email}` });
      expect(await sendTest.isDisabled()).toBe(true);
      expect(await horizontalOverflow(page)).toBe(0);
      await saveScreenshot(page, `issue24-onboarding-checklist-start-${px(viewport)}`);

      await checklist.getByRole('link', { name: 'Add a sender' }).click();
      await page.waitForURL((url) => url.pathname === '/email-accounts');
      await addSinkSmtpAccount(user, 'First run');
      await page.goto('/dashboard');
      await checklist.getByTestId('first-run-progress').getByText('2 of 3 done').waitFor();
      await saveScreenshot(page, `issue24-onboarding-checklist-sender-${px(viewport)}`);
      await sendTest.click();
      await toast(page, 'Email sent!').waitFor();
      await checklist.waitFor({ state: 'detached' });
      const mail = await waitForMail(user.email, (candidate) => candidate.subject === 'Your Mailwright test email');
      expect(mail.html).toContain('This is the test email you sent yourself');
      await saveScreenshot(page, `issue24-onboarding-checklist-done-${px(viewport)}`);
    }
  });
});
