// Issue 20 in Chromium against the whole stack (run by infra's suite): a free user meets the Pro wall on
// Sender Pools before any 403; after upgrading, Email Accounts shows each sender's health, usage bars and
// limits editor, a pool is created with its accounts in order, the send form sends with it, and the log
// names the pool and the account that sent. Screenshots of both screens at 375 px and 1440 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signUpVerified, uniqueEmail, waitForMail } from '../../infra/e2e/support/api';
import { upgrade } from '../../infra/e2e/support/checkout';
import './stack-context';
import { horizontalOverflow, launchBrowser, pageFor, saveScreenshot, toast } from './support/browser';
import { addSinkSmtpAccount } from './support/sink-account';

interface Account {
  _id: string;
  email: string;
  limitOverrides: { perMinute: number | null; perDay: number | null; recipientsPerDay: number | null };
}
interface Pool {
  _id: string;
  name: string;
  strategy: string;
  accountIds: string[];
}

let browser: Browser;
let user: SignedInUser;
let page: Page;
const accountIds: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpVerified('pools');
  page = await pageFor(browser, user, 'desktop');
});

afterAll(async () => {
  await browser?.close();
});

describe('sender health, limits and pools', () => {
  it('shows a free user that pools are a Pro and Enterprise feature, with the way to /pricing', async () => {
    await page.goto('/sender-pools');
    const notice = page.getByTestId('pools-plan-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Sender pools are part of the Pro and Enterprise plans.');
    expect(await notice.getByRole('link', { name: 'See plans and upgrade' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('button', { name: 'Create Pool' }).isDisabled()).toBe(true);
  });

  it('shows each sender health, usage and limits, and saves a limit', async () => {
    const { verify } = await upgrade(user.token, 'pro');
    expect(verify.status).toBe(200);
    accountIds.push(
      await addSinkSmtpAccount(user, 'first-sender', 'first-sender@example.test'),
      await addSinkSmtpAccount(user, 'second-sender', 'second-sender@example.test'),
    );

    await page.goto('/email-accounts');
    const row = page.getByTestId('account-row').filter({ hasText: 'first-sender@example.test' });
    await row.getByTestId('health-badge').getByText('Active').waitFor();
    await row.getByTestId('sender-usage').waitFor();
    expect(await row.getByTestId('sender-usage').textContent()).toContain('This minute');
    expect(await row.getByTestId('sender-usage').textContent()).toContain('no limit');

    await row.getByRole('button', { name: 'Sending limits of first-sender@example.test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sending Limits' });
    expect(await dialog.textContent()).toContain('Provider default: no limit');
    await dialog.getByLabel('Messages per minute').fill('abc');
    await dialog.getByRole('button', { name: 'Save Limits' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('Messages per minute').fill('5');
    await dialog.getByRole('button', { name: 'Save Limits' }).click();
    await toast(page, 'Sending limits updated').waitFor();
    await row.getByRole('progressbar', { name: 'This minute' }).waitFor();
    expect(await row.getByRole('progressbar', { name: 'This minute' }).getAttribute('aria-valuemax')).toBe('5');

    const accounts = await api<{ data: Account[] }>('/api/email-accounts', { token: user.token });
    const first = accounts.body.data.find((account) => account._id === accountIds[0]);
    expect(first?.limitOverrides).toEqual({ perMinute: 5, perDay: null, recipientsPerDay: null });
  });

  it('creates a pool with its accounts in the chosen order, then edits it', async () => {
    await page.goto('/sender-pools');
    await page.getByText('No sender pools yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Create Pool' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Sender Pool' });
    await dialog.getByLabel('Pool Name').fill('Newsletters');
    await dialog.getByRole('button', { name: 'Add first-sender@example.test' }).click();
    await dialog.getByRole('button', { name: 'Add second-sender@example.test' }).click();
    await dialog.getByRole('button', { name: 'Move second-sender@example.test up' }).click();
    await dialog.getByRole('button', { name: 'Create Pool' }).click();
    await toast(page, 'Sender pool created').waitFor();
    const row = page.getByTestId('pool-row').filter({ hasText: 'Newsletters' });
    await row.waitFor();
    expect(await row.getByRole('list', { name: 'Accounts of Newsletters' }).textContent()).toMatch(
      /^1\.second-sender@example\.test2\.first-sender@example\.test$/,
    );

    await row.getByRole('button', { name: 'Edit Newsletters' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Sender Pool' });
    await edit.getByRole('radio', { name: /Spread/ }).check();
    await edit.getByRole('button', { name: 'Save Pool' }).click();
    await toast(page, 'Sender pool updated').waitFor();

    const pools = await api<{ data: Pool[] }>('/api/sender-pools', { token: user.token });
    expect(pools.body.data).toHaveLength(1);
    expect(pools.body.data[0]).toMatchObject({
      name: 'Newsletters',
      strategy: 'spread',
      accountIds: [accountIds[1], accountIds[0]],
    });
  });

  it('sends with the pool and the log names the pool and the account that sent', async () => {
    const recipient = uniqueEmail('web-pool');
    await page.goto('/send-email');
    const from = page.getByLabel('From Account');
    await from.locator('optgroup[label="Sender pools"] option').first().waitFor({ state: 'attached' });
    await from.selectOption({ label: 'Newsletters (pool)' });
    await page.getByLabel('To', { exact: true }).fill(recipient);
    await page.getByLabel('Subject', { exact: true }).fill('Sent through a pool');
    await page.getByLabel('Message').fill('Pool body');
    await page.getByRole('button', { name: 'Send Email' }).click();
    await toast(page, 'Email sent!').waitFor();
    await waitForMail(recipient);

    await page.goto('/emails');
    await page.getByTestId('email-row').filter({ hasText: 'Sent through a pool' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email Details' });
    await dialog.getByText('Newsletters').waitFor();
    expect(await dialog.textContent()).toMatch(/(first|second)-sender@example\.test/);
  });

  it('deletes the pool after confirmation', async () => {
    await page.goto('/sender-pools');
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('button', { name: 'Delete Newsletters' }).click();
    await toast(page, 'Sender pool deleted').waitFor();
    await page.getByText('No sender pools yet.', { exact: false }).waitFor();
    // Put it back for the screenshots.
    const again = await api('/api/sender-pools', {
      token: user.token,
      body: { name: 'Newsletters', accountIds, strategy: 'failover' },
    });
    expect(again.status).toBe(201);
  });
});

describe.each(['mobile', 'desktop'] as const)('issue 20 screens at %s width', (viewport) => {
  let screen: Page;
  beforeAll(async () => {
    screen = await pageFor(browser, user, viewport);
  });
  afterAll(async () => {
    await screen?.context().close();
  });

  it.each(['email-accounts', 'sender-pools'])('/%s renders without sideways overflow', async (name) => {
    await screen.goto(`/${name}`);
    await screen
      .getByTestId(name === 'email-accounts' ? 'sender-usage' : 'pool-row')
      .first()
      .waitFor();
    await screen.waitForLoadState('networkidle');
    expect(await horizontalOverflow(screen)).toBeLessThanOrEqual(0);
    await saveScreenshot(screen, `app-${name}-issue20-${viewport === 'mobile' ? 375 : 1440}`);
  });
});
