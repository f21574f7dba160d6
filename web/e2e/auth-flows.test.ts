// Sign-in flows in the browser against the real backend: signup → mailed verification → login,
// the route guards both ways, forgot/reset password, sessions ended by a password change or "log out
// everywhere", and the social callback (error texts; a token in the address signs nobody in).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, sinkUrl, toast, waitForPath } from './support/browser';
import { apiCall, appPathIn, createVerifiedUser, uniqueEmail, waitForMail } from './support/mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const protectedPaths = [
  '/dashboard',
  '/email-accounts',
  '/templates',
  '/send-email',
  '/emails',
  '/analytics',
  '/api-keys',
  '/profile',
];

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.skipIf(!sinkUrl)('with mail (E2E_SINK_URL)', () => {
  it('signs up, verifies through the mailed link, logs in and lands on /dashboard', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('signup');
    const password = 'first-pass-1';

    await page.goto('/signup');
    expect(await page.getByLabel('Password').getAttribute('placeholder')).toBe('Minimum 6 characters');
    await page.getByLabel('Full name').fill('Browser Tester');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/login');
    await toast(page, 'Account created! Please check your email to verify your account before logging in.').waitFor();

    // Not verified yet: the server refuses with requiresVerification and its message is shown.
    await logIn(page, email, password);
    await page.locator('[role="status"]').filter({ hasNotText: 'Account created!' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    const mail = await waitForMail(email);
    await page.goto(appPathIn(mail, '/verify-email/'));
    await toast(page, 'Email verified successfully!').waitFor();
    await waitForPath(page, '/login', 5000);

    await logIn(page, email, password);
    await toast(page, 'Login successful!').waitFor();
    await waitForPath(page, '/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Guest-only pages bounce a signed-in user to /dashboard.
    for (const path of ['/', '/login', '/signup', '/forgot-password']) {
      await page.goto(path);
      await waitForPath(page, '/dashboard');
    }
    // Public pages stay reachable while signed in.
    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pricing');

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
    await page.context().close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const user = await createVerifiedUser('reset');
    const { page } = await newPage(browser, 'mobile');
    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await toast(page, 'Reset link sent to your email').waitFor();

    const mail = await waitForMail(user.email, (m) => `${m.text}${m.html}`.includes('/reset-password/'));
    await page.goto(appPathIn(mail, '/reset-password/'));
    await page.getByLabel('New password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, 'Password reset successful!').waitFor();
    await waitForPath(page, '/login');

    await logIn(page, user.email, 'second-pass-2');
    await waitForPath(page, '/dashboard');
    await page.context().close();
  });

  it('keeps this browser signed in after a password change and ends the session of another browser', async () => {
    const user = await createVerifiedUser('change');
    const { page: here } = await newPage(browser);
    const { page: elsewhere } = await newPage(browser);
    for (const page of [here, elsewhere]) {
      await page.goto('/login');
      await logIn(page, user.email, user.password);
      await waitForPath(page, '/dashboard');
    }
    await here.goto('/profile');
    await here.getByRole('button', { name: 'Change Password' }).click();
    await here.getByLabel('Current Password').fill(user.password);
    await here.getByLabel('New Password', { exact: true }).fill('changed-pass-2');
    await here.getByLabel('Confirm New Password').fill('changed-pass-2');
    await here.locator('dialog').getByRole('button', { name: 'Change Password' }).click();
    await toast(here, 'Password changed successfully').waitFor();

    // The other browser's token is refused within seconds: its next page load signs it out.
    await expect
      .poll(
        async () => {
          await elsewhere.goto('/dashboard');
          await elsewhere.waitForLoadState('networkidle');
          return new URL(elsewhere.url()).pathname;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('/login');
    await here.goto('/dashboard');
    await here.getByText(/Welcome back/).waitFor();
    expect(new URL(here.url()).pathname).toBe('/dashboard');
    await here.context().close();
    await elsewhere.context().close();
  });

  it('logs out everywhere from the profile page after confirmation', async () => {
    const user = await createVerifiedUser('everywhere');
    const { page } = await newPage(browser);
    await page.goto('/login');
    await logIn(page, user.email, user.password);
    await waitForPath(page, '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await page.locator('dialog').getByRole('button', { name: 'Log out everywhere' }).click();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The old token is over on the server too, not only forgotten by this browser.
    await expect.poll(async () => (await apiCall('/api/auth/me', undefined, { token: token ?? '' })).status).toBe(401);
    await page.context().close();
  });

  it("shows the server's message for wrong credentials", async () => {
    const user = await createVerifiedUser('wrong');
    const { page } = await newPage(browser);
    await page.goto('/login');
    await logIn(page, user.email, 'not-the-password');
    const notice = page.locator('[role="status"]').first();
    await notice.waitFor();
    expect((await notice.textContent())?.trim()).not.toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});

describe('without mail', () => {
  // One visitor's tab for the checks that never sign in: each goes to its address in it. (A new tab is a new
  // Chromium renderer process, about 1.5 s of CPU on these machines.)
  let visitor: Page;
  beforeAll(async () => {
    ({ page: visitor } = await newPage(browser));
  });

  it.each(protectedPaths)('sends a visitor from %s to /login', async (path) => {
    const page = visitor;
    await page.goto(path);
    await waitForPath(page, '/login');
  });

  it('signs out and returns to /login when the stored token is rejected', async () => {
    const { page, context } = await newPage(browser);
    await context.addInitScript(() => localStorage.setItem('token', 'not-a-real-token'));
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
    await page.waitForFunction(() => localStorage.getItem('token') === null);
    await context.close();
  });

  it.each([
    ['invalid_state', 'Invalid OAuth state. Please try again.'],
    ['oauth_config_error', 'OAuth is not configured properly on the server.'],
    ['oauth_failed', 'OAuth authentication failed. Please try again.'],
    ['access_denied', 'OAuth authentication failed. Please try again.'],
  ])('explains /auth/callback?error=%s and goes to /login', async (code, text) => {
    const page = visitor;
    await page.goto(`/auth/callback?error=${code}`);
    await toast(page, text).waitFor();
    await waitForPath(page, '/login');
  });

  it('never signs in by a token in the callback address (login CSRF)', async () => {
    const page = visitor;
    await page.goto('/auth/callback?token=someone-elses-session-token');
    await toast(page, 'No token received from OAuth provider').waitFor();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('explains a callback without a token', async () => {
    const { page } = await newPage(browser, 'mobile');
    await page.goto('/auth/callback');
    await toast(page, 'No token received from OAuth provider').waitFor();
    await waitForPath(page, '/login');
    await saveScreenshot(page, 'login-after-oauth-error-375');
    await page.context().close();
  });

  it("says 'Verification failed' for a bad link and still goes to /login", async () => {
    const page = visitor;
    await page.goto('/verify-email/not-a-valid-token-000');
    await toast(page, 'Verification failed').waitFor();
    await waitForPath(page, '/login', 5000);
  });

  it("says 'Password reset failed' for a bad reset link", async () => {
    const page = visitor;
    await page.goto('/reset-password/not-a-valid-token-000');
    await page.getByLabel('New password').fill('whatever-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, 'Password reset failed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password/not-a-valid-token-000');
  });

  it('links the social buttons to the server-side sign-in', async () => {
    const page = visitor;
    await page.goto('/signup');
    for (const [name, provider] of [
      ['Google', 'google'],
      ['GitHub', 'github'],
      ['Microsoft', 'microsoft'],
    ]) {
      expect(await page.getByRole('link', { name: `Continue with ${name}` }).getAttribute('href')).toBe(`/api/auth/${provider}`);
    }
  });
});
