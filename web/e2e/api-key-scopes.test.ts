// The API Keys screen's scopes in Chromium against the whole stack: both boxes checked by default, a read-only
// key made by unchecking "Send emails", each key's scopes shown in its row, and the read-only key refused a send.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signUpVerified } from '../../infra/e2e/support/api';
import { upgrade } from '../../infra/e2e/support/checkout';
import './stack-context';
import { launchBrowser, pageFor, toast } from './support/browser';

let browser: Browser;
let user: SignedInUser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpVerified('webscopes');
  await upgrade(user.token, 'pro');
  page = await pageFor(browser, user, 'desktop');
});

afterAll(async () => {
  await browser?.close();
});

async function createKey(name: string, uncheck: string[]): Promise<string> {
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByLabel('Key Name').fill(name);
  expect(await dialog.getByLabel('Send emails').isChecked()).toBe(true);
  expect(await dialog.getByLabel('Read emails').isChecked()).toBe(true);
  for (const label of uncheck) await dialog.getByLabel(label).uncheck();
  await page.getByRole('button', { name: 'Create Key' }).click();
  await toast(page, 'API key created').waitFor();
  const created = page.getByRole('dialog', { name: 'API Key Created' });
  const key = (await created.getByTestId('new-api-key').textContent()) ?? '';
  await created.getByRole('button', { name: 'Done' }).click();
  return key;
}

describe('API key scopes on the API Keys screen', () => {
  it('creates a full-access key by default and a read-only key, and shows each one’s scopes', async () => {
    await page.goto('/api-keys');
    await createKey('Everything', []);
    const readOnly = await createKey('Dashboard', ['Send emails']);

    const scopesOf = (name: string) => page.getByTestId('api-key-row').filter({ hasText: name }).getByTestId('api-key-scopes');
    expect(await scopesOf('Everything').textContent()).toBe('Scopes: Send emails, Read emails');
    expect(await scopesOf('Dashboard').textContent()).toBe('Scopes: Read emails');

    const refused = await api('/api/emails/api/send', {
      apiKey: readOnly,
      body: { to: ['a@example.test'], subject: 'x', body: 'x' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This API key cannot send emails (scope: send)', code: 'FORBIDDEN' });
  });

  it('keeps one scope checked: the last checked box cannot be unchecked', async () => {
    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByLabel('Read emails').uncheck();
    expect(await dialog.getByLabel('Send emails').isDisabled()).toBe(true);
    await dialog.getByLabel('Read emails').check();
    expect(await dialog.getByLabel('Send emails').isDisabled()).toBe(false);
  });
});
