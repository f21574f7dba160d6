// The signed-in app in Chromium against the whole stack (run by infra's suite, which provides the
// gateway, the SMTP sink and the stand-in Razorpay checkout): accounts, templates, sending with
// variables, scheduling in another zone, the log and its details, cancelling, API keys, password,
// upgrade and downgrade, the layout, and screenshots of every screen at 375 px and 1440 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, type SignedInUser, signUpVerified, uniqueEmail, waitForMail } from '../../infra/e2e/support/api';
import { upgrade } from '../../infra/e2e/support/checkout';
import './stack-context';
import { horizontalOverflow, launchBrowser, newPage, saveScreenshot, toast, type ViewportName } from './support/browser';

interface StoredEmail {
  _id: string;
  subject: string;
  status: string;
  scheduledAt: string | null;
  timezone: string | null;
}

let browser: Browser;
let user: SignedInUser;
let context: BrowserContext;
let page: Page;

async function signedInPage(viewport: ViewportName = 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, viewport);
  await opened.context.addInitScript((token) => {
    if (!window.localStorage.getItem('token') && !window.sessionStorage.getItem('signed-out'))
      window.localStorage.setItem('token', token);
  }, user.token);
  return opened;
}

async function emailsOf(token: string, query = ''): Promise<StoredEmail[]> {
  const response = await api<{ data: StoredEmail[] }>(`/api/emails?limit=100${query}`, { token });
  expect(response.status).toBe(200);
  return response.body.data;
}

/** 'YYYY-MM-DD' of a day `days` from now (UTC). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpVerified('webapp');
  ({ context, page } = await signedInPage('desktop'));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('signed-in app', () => {
  it('shows the dashboard with quota, plan and status', async () => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /Welcome back, webapp tester!/ }).waitFor();
    expect(await page.getByTestId('user-email').textContent()).toBe(user.email);
    expect(await page.getByTestId('card-quota').textContent()).toContain('0 / 100');
    expect(await page.getByTestId('card-quota').textContent()).toContain('emails used this month');
    expect(await page.getByTestId('card-subscription').textContent()).toContain('Free');
    expect(await page.getByTestId('card-status').textContent()).toContain('Verified');
    const menu = page.getByRole('navigation', { name: 'App' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Send Email',
      'Email Logs',
      'Suppressions',
      'Email Accounts',
      'Sender Pools',
      'Templates',
      'Analytics',
      'API Keys',
      'Webhooks',
      'Documentation',
      'Profile',
    ]);
  });

  it('adds an SMTP account that becomes the default', async () => {
    await page.goto('/email-accounts');
    await page.getByRole('button', { name: 'Add SMTP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add SMTP Account' });
    expect(await dialog.getByLabel('Port', { exact: true }).inputValue()).toBe('587');
    await dialog.getByLabel('Email', { exact: true }).fill('sender@example.test');
    await dialog.getByLabel('Display Name').fill('Web Sender');
    await dialog.getByLabel('SMTP Host').fill('127.0.0.1');
    await dialog.getByLabel('Port', { exact: true }).fill(String(inject('sinkSmtpPort')));
    await dialog.getByLabel('Username').fill('sender');
    await dialog.getByLabel('Password').fill('any-password');
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await toast(page, 'Email account added successfully').waitFor();
    const row = page.getByTestId('account-row').first();
    await row.getByText('(Default)').waitFor();
    expect(await row.textContent()).toContain('SMTP');
    expect(await row.textContent()).toContain('sender@example.test');
  });

  it('shows the OAuth return notice and removes the parameters from the address', async () => {
    await page.goto('/email-accounts?error=invalid_state');
    await toast(page, 'Invalid OAuth state. Please try again.').waitFor();
    await page.waitForURL((url) => url.pathname === '/email-accounts' && url.search === '');
  });

  it('creates a template with variables and a live preview', async () => {
    await page.goto('/templates');
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByLabel('Template Name').fill('Welcome');
    await dialog.getByLabel('Subject', { exact: true }).fill('Hello {{name}}');
    await dialog.getByLabel('Body').fill('Hi {{name}}, welcome to {{company}}.');
    // A value that makes the subject longer than a send may carry: the preview says so.
    const tooLong = dialog.getByText('The subject filled in with these values must be at most 998 characters');
    await dialog.getByLabel('name', { exact: true }).fill('n'.repeat(993));
    await tooLong.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'template-dialog-too-long-1440');
    await dialog.getByLabel('name', { exact: true }).fill('');
    await tooLong.waitFor({ state: 'detached' });
    await dialog.getByLabel('company').fill('Acme');
    expect(await dialog.getByTestId('template-preview').textContent()).toContain('welcome to Acme.');
    await saveScreenshot(page, 'template-dialog-1440');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await toast(page, 'Template created').waitFor();
    const row = page.getByTestId('template-row').filter({ hasText: 'Welcome' });
    await row.getByText('Variables: name, company').waitFor();
  });

  it('sends with template variables and the mail arrives', async () => {
    const recipient = uniqueEmail('web-to');
    await page.goto('/send-email');
    await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Welcome' });
    await page.getByLabel('name', { exact: true }).waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe('Hello {{name}}');
    await page.getByLabel('name', { exact: true }).fill('Ada');
    await page.getByLabel('company', { exact: true }).fill('Acme');
    await page.getByLabel('To', { exact: true }).fill(` ${recipient} `);
    expect(await page.getByRole('button', { name: 'Send Email' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await toast(page, 'Email sent!').waitFor();
    const mail = await waitForMail(recipient);
    expect(mail.subject).toBe('Hello Ada');
    expect(`${mail.text}${mail.html}`).toContain('Hi Ada, welcome to Acme.');
  });

  it('schedules in another time zone and stores the right instant', async () => {
    const recipient = uniqueEmail('web-later');
    const day = dayFromNow(20);
    await page.goto('/send-email');
    await page.getByLabel('To', { exact: true }).fill(recipient);
    await page.getByLabel('CC', { exact: true }).fill('cc-one@example.test, cc-two@example.test');
    await page.getByLabel('Subject', { exact: true }).fill('Later in Kolkata');
    await page.getByLabel('Message').fill('Scheduled body');
    await page.getByLabel('Date', { exact: true }).fill(day);
    await page.getByLabel('Time', { exact: true }).fill('09:30');
    const zone = page.getByLabel('Timezone');
    expect(await zone.locator('option').first().textContent()).toMatch(/^India Standard Time/);
    await zone.selectOption('Asia/Kolkata');
    await page.getByRole('button', { name: 'Schedule Email' }).click();
    await toast(page, 'Email scheduled!').waitFor();

    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const expected = new Date(Date.UTC(y, m - 1, d, 9, 30) - 330 * 60_000).toISOString();
    const stored = (await emailsOf(user.token, '&status=scheduled')).find((email) => email.subject === 'Later in Kolkata');
    expect(stored?.scheduledAt && new Date(stored.scheduledAt).toISOString()).toBe(expected);
    expect(stored?.timezone).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
  });

  it('lists emails, opens the details in the email zone and cancels the scheduled one', async () => {
    await page.goto('/emails');
    const scheduledRow = page.getByTestId('email-row').filter({ hasText: 'Later in Kolkata' });
    await scheduledRow.waitFor();
    expect(await scheduledRow.textContent()).toContain('scheduled');
    await scheduledRow.click();
    const dialog = page.getByRole('dialog', { name: 'Email Details' });
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('Scheduled');
    expect(text).toContain('cc-one@example.test, cc-two@example.test');
    expect(text).toMatch(/[A-Z][a-z]{2} \d{2}, \d{4} 09:30:00 IST/);
    await saveScreenshot(page, 'email-details-1440');
    page.once('dialog', (question) => void question.accept());
    await dialog.getByRole('button', { name: 'Cancel Scheduled Email' }).click();
    await toast(page, 'Scheduled email cancelled').waitFor();
    const stored = (await emailsOf(user.token)).find((email) => email.subject === 'Later in Kolkata');
    expect(stored?.status).toBe('cancelled');

    const sentRow = page.getByTestId('email-row').filter({ hasText: 'Hello Ada' });
    await sentRow.click();
    await page.getByRole('dialog', { name: 'Email Details' }).getByText('Sent Successfully').waitFor();
    await page.getByRole('dialog', { name: 'Email Details' }).getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('shows analytics with counts and daily charts', async () => {
    await page.goto('/analytics');
    await page.getByText('Open Rate').waitFor();
    await page.getByTestId('chart-sent').waitFor();
    expect(await page.getByText('Total Emails').isVisible()).toBe(true);
  });

  it('creates an API key shown once and toggles it (API access is a paid feature: on pro, then back to free)', async () => {
    await upgrade(user.token, 'pro');
    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await page.getByRole('dialog', { name: 'Create API Key' }).getByLabel('Key Name').fill('CI key');
    await page.getByRole('button', { name: 'Create Key' }).click();
    await toast(page, 'API key created').waitFor();
    const created = page.getByRole('dialog', { name: 'API Key Created' });
    const fullKey = (await created.getByTestId('new-api-key').textContent()) ?? '';
    expect(fullKey.length).toBeGreaterThan(20);
    expect(await created.textContent()).toContain('will not be shown again');
    await created.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('api-key-row').filter({ hasText: 'CI key' });
    expect(await row.textContent()).toContain('Never');
    expect(await row.textContent()).not.toContain(fullKey);
    await row.getByRole('switch').click();
    await toast(page, 'API key status updated').waitFor();
    await row.getByText('Inactive').waitFor();
    const keys = await api<{ data: Array<{ name: string; isActive: boolean }> }>('/api/api-keys', { token: user.token });
    expect(keys.body.data.find((key) => key.name === 'CI key')?.isActive).toBe(false);
    expect((await api('/api/payments/downgrade', { token: user.token, body: { planId: 'free' } })).status).toBe(200);
  });

  it('updates the profile and changes the password', async () => {
    await page.goto('/profile');
    await page.getByLabel('Name').fill('Web Renamed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully').waitFor();

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(user.password);
    await dialog.getByLabel('New Password', { exact: true }).fill('new-secret-2');
    await dialog.getByLabel('Confirm New Password').fill('new-secret-3');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'New passwords do not match').waitFor();
    await dialog.getByLabel('Confirm New Password').fill('new-secret-2');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password changed successfully').waitFor();
    const login = await api('/api/auth/login', { body: { email: user.email, password: 'new-secret-2' } });
    expect(login.status).toBe(200);
    user = { ...user, password: 'new-secret-2', token: (login.body as { token: string }).token };
  });

  it('upgrades through the checkout and downgrades back to free', async () => {
    await page.evaluate((token) => window.localStorage.setItem('token', token), user.token);
    await page.goto('/pricing');
    const free = page.getByTestId('plan-free');
    await free.getByRole('button', { name: 'Current Plan' }).waitFor();
    expect(await free.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    await page.getByTestId('plan-pro').getByRole('button', { name: 'Subscribe Now' }).click();
    await toast(page, 'Payment successful! Your subscription has been activated.').waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('card-subscription').getByText('Pro').waitFor();
    expect(
      await page.evaluate(
        () => (window as unknown as { __razorpayOptions: { theme: { color: string } } }).__razorpayOptions.theme.color,
      ),
    ).toBe('#4f46e5');

    await page.goto('/pricing');
    await page.getByTestId('current-subscription').waitFor();
    expect(await page.getByTestId('current-subscription').textContent()).toContain('Pro');
    await page.getByTestId('plan-pro').getByRole('button', { name: 'Current Plan' }).waitFor();
    await page.getByTestId('plan-enterprise').getByRole('button', { name: 'Subscribe Now' }).waitFor();
    await saveScreenshot(page, 'pricing-signed-in-1440');
    await page.getByTestId('plan-free').getByRole('button', { name: 'Downgrade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Plan Downgrade' });
    expect(await dialog.textContent()).toContain('cancelled immediately');
    await dialog.getByRole('button', { name: 'Confirm Downgrade' }).click();
    await toast(page, 'Successfully downgraded to Free plan!').waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('card-subscription').getByText('Free').waitFor();
  });

  it('remembers the collapsed side menu on wide screens', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    expect(await page.getByTestId('sidebar').getAttribute('data-collapsed')).toBe('true');
    await page.reload();
    await page.getByRole('button', { name: 'Expand menu' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('sidebarCollapsed'))).toBe('true');
    await page.getByRole('button', { name: 'Expand menu' }).click();
  });

  it('opens the drawer on small screens and closes it on navigation', async () => {
    const mobile = await signedInPage('mobile');
    await mobile.page.evaluate((token) => window.localStorage.setItem('token', token), user.token).catch(() => undefined);
    await mobile.page.goto('/dashboard');
    await mobile.page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = mobile.page.getByRole('navigation', { name: 'App menu' });
    await drawer.getByRole('link', { name: 'Templates' }).click();
    await mobile.page.waitForURL('**/templates');
    await drawer.waitFor({ state: 'detached' });
    await mobile.context.close();
  });

  it('logs out to /login', async () => {
    await page.goto('/dashboard');
    await page.evaluate(() => window.sessionStorage.setItem('signed-out', '1'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});

describe.each(['mobile', 'desktop'] as const)('signed-in screens at %s width', (viewport) => {
  const screens = [
    'dashboard',
    'email-accounts',
    'sender-pools',
    'templates',
    'send-email',
    'emails',
    'analytics',
    'api-keys',
    'profile',
    'pricing',
  ];
  let opened: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    opened = await signedInPage(viewport);
  });
  afterAll(async () => {
    await opened?.context.close();
  });

  it.each(screens)('/%s renders without sideways overflow', async (name) => {
    const { page: screen } = opened;
    await screen.goto(`/${name}`);
    await screen.getByRole('heading', { level: 1 }).first().waitFor();
    await screen.waitForLoadState('networkidle');
    await screen
      .locator('[role="status"] .animate-spin')
      .first()
      .waitFor({ state: 'detached', timeout: 5000 })
      .catch(() => undefined);
    expect(await horizontalOverflow(screen)).toBeLessThanOrEqual(0);
    await saveScreenshot(screen, `app-${name}-${viewport === 'mobile' ? 375 : 1440}`);
  });
});
