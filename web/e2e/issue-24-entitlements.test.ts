// Issue 24, "Entitlements visible before the wall" and defect 9's "Last used changes on a refused call", in
// Chromium against the whole stack at 1440 px and 375 px: the counters ("1 of 1 accounts", "2 of 5 templates",
// "API access: Pro and Enterprise"), disabled add actions with an Upgrade Plan link to /pricing, and an API key's
// Last used staying Never after refused calls until an accepted one. Screenshots: issue24-entitlements-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signUpVerified } from '../../infra/e2e/support/api';
import { upgrade } from '../../infra/e2e/support/checkout';
import './stack-context';
import { atWidth, horizontalOverflow, launchBrowser, pageFor, px, saveScreenshot, widths } from './support/browser';
import { addSinkSmtpAccount } from './support/sink-account';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('issue 24: entitlements before the wall', () => {
  it('shows the free plan counts and disables what the plan would refuse, with Upgrade Plan to /pricing', {
    timeout: 240_000,
  }, async () => {
    const user = await signUpVerified('i24-limits');
    await addSinkSmtpAccount(user, 'Entitlements');
    for (const name of ['Welcome', 'Receipt']) {
      expect((await api('/api/templates', { token: user.token, body: { name, subject: 's', body: 'b' } })).status).toBe(201);
    }
    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/email-accounts');
      const accounts = page.getByTestId('account-allowance');
      await accounts.waitFor();
      expect(await accounts.textContent()).toBe('1 of 1 accounts');
      expect(await page.getByRole('button', { name: 'Add SMTP' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Connect Gmail' }).isDisabled()).toBe(true);
      expect(await page.getByTestId('upgrade-plan-link').getAttribute('href')).toBe('/pricing');
      expect(await horizontalOverflow(page)).toBe(0);
      await saveScreenshot(page, `issue24-entitlements-accounts-${px(viewport)}`);

      await page.goto('/templates');
      const templates = page.getByTestId('template-allowance');
      await templates.waitFor();
      expect(await templates.textContent()).toBe('2 of 5 templates');
      expect(await page.getByRole('button', { name: 'Create Template' }).isDisabled()).toBe(false);
      expect(await page.getByTestId('upgrade-plan-link').count()).toBe(0);
      await saveScreenshot(page, `issue24-entitlements-templates-${px(viewport)}`);

      await page.goto('/api-keys');
      const access = page.getByTestId('api-access-allowance');
      await access.waitFor();
      expect(await access.textContent()).toBe('API access: Pro and Enterprise');
      expect(await page.getByRole('button', { name: 'Create API Key' }).isDisabled()).toBe(true);
      await saveScreenshot(page, `issue24-entitlements-api-keys-${px(viewport)}`);
      await page.getByTestId('upgrade-plan-link').click();
      await page.waitForURL((url) => url.pathname === '/pricing');
    }

    for (const name of ['Three', 'Four', 'Five']) {
      expect((await api('/api/templates', { token: user.token, body: { name, subject: 's', body: 'b' } })).status).toBe(201);
    }
    const page = await pageFor(browser, user, 'desktop');
    await page.goto('/templates');
    await page.getByTestId('template-allowance').getByText('5 of 5 templates').waitFor();
    expect(await page.getByRole('button', { name: 'Create Template' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('upgrade-plan-link').getAttribute('href')).toBe('/pricing');
  });

  it('shows unlimited counts on Pro, and keeps Last used at Never after refused calls until one is accepted', {
    timeout: 240_000,
  }, async () => {
    const user = await signUpVerified('i24-lastused');
    await addSinkSmtpAccount(user, 'Entitlements');
    expect((await upgrade(user.token, 'pro')).verify.status).toBe(200);
    const created = await api<{ data: { id: string; key: string } }>('/api/api-keys', {
      token: user.token,
      body: { name: 'Read only', scopes: ['read'] },
    });
    expect(created.status).toBe(201);
    const key = created.body.data.key;
    // Refused: out of scope (a read key sends), and a bad body; neither may count as use.
    const outOfScope = await api('/api/emails/api/send', {
      headers: { 'X-API-Key': key },
      body: { to: ['someone@example.test'], subject: 'x', body: 'y' },
    });
    expect(outOfScope.status).toBe(403);
    expect((await api('/api/emails/api/not-a-uuid', { headers: { 'X-API-Key': key } })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const lastUsed = async () =>
      (await api<{ data: { id: string; lastUsed: string | null }[] }>('/api/api-keys', { token: user.token })).body.data.find(
        (item) => item.id === created.body.data.id,
      )?.lastUsed;
    expect(await lastUsed()).toBeNull();

    const tab = await pageFor(browser, user, 'desktop');
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/api-keys');
      const row = page.getByTestId('api-key-row').filter({ hasText: 'Read only' });
      await row.getByText('Last used: Never').waitFor();
      expect(await page.getByTestId('api-access-allowance').count()).toBe(0);
      await saveScreenshot(page, `issue24-entitlements-last-used-never-${px(viewport)}`);
      await page.goto('/email-accounts');
      expect(await page.getByTestId('account-allowance').textContent()).toBe('1 accounts (unlimited)');
      expect(await page.getByRole('button', { name: 'Add SMTP' }).isDisabled()).toBe(false);
    }

    expect((await api('/api/emails/api', { headers: { 'X-API-Key': key } })).status).toBe(200);
    await expect.poll(lastUsed, { timeout: 10_000 }).not.toBeNull();
    const page = await pageFor(browser, user, 'desktop');
    await page.goto('/api-keys');
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Read only' });
    await row.getByText(/Last used: [A-Z][a-z]{2} \d{2}, \d{4}/).waitFor();
    await saveScreenshot(page, `issue24-entitlements-last-used-${px('desktop')}`);
  });
});
