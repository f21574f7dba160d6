// The Webhooks screen in Chromium against the whole stack (run by infra's suite): add an endpoint and see
// its signing secret once, send a signed test event to a receiver in this process, disable the endpoint
// and delete it. The stack allows private targets, so the receiver may listen on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signUpVerified } from '../../infra/e2e/support/api';
import './stack-context';
import { launchBrowser, pageFor, toast } from './support/browser';

let browser: Browser;
let page: Page;
let user: SignedInUser;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ signature: string | undefined; body: string }> = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      received.push({ signature: request.headers['mailwright-signature'] as string | undefined, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/mailwright`;
  browser = await launchBrowser();
  user = await signUpVerified('webhooks');
  page = await pageFor(browser, user, 'desktop');
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('webhooks screen', () => {
  it('adds an endpoint and shows its signing secret once', async () => {
    await page.goto('/webhooks');
    await page.getByText('No webhook endpoints yet.').waitFor();
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByLabel('Description (optional)').fill('CI receiver');
    await page.locator('form').getByRole('button', { name: 'Add Endpoint' }).click();
    await toast(page, 'Webhook endpoint added').waitFor();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret.length).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('webhook-row').filter({ hasText: receiverUrl });
    await row.getByText('Enabled').waitFor();
    expect(await row.textContent()).toContain('email.sent, email.failed');
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
  });

  it('sends a signed test event and lists the delivery', async () => {
    const row = page.getByTestId('webhook-row').filter({ hasText: receiverUrl });
    await row.getByRole('button', { name: 'Send Test' }).click();
    await toast(page, 'Test event delivered (HTTP 200)').waitFor();
    expect(await row.getByRole('button', { name: 'Deliveries' }).getAttribute('aria-expanded')).toBe('true');
    expect(received.at(-1)?.signature).toMatch(/^t=\d+,v1=[0-9a-f]+$/);
    expect(JSON.parse(received.at(-1)?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
  });

  it('disables the endpoint, then deletes it after asking', async () => {
    const row = page.getByTestId('webhook-row').filter({ hasText: receiverUrl });
    await row.getByRole('button', { name: 'Disable' }).click();
    await toast(page, 'Webhook endpoint updated').waitFor();
    await row.getByText('Disabled').waitFor();
    expect(await row.getByRole('button', { name: 'Send Test' }).isDisabled()).toBe(true);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Delete this webhook endpoint?');
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Webhook endpoint deleted').waitFor();
    await page.getByText('No webhook endpoints yet.').waitFor();
    const endpoints = await api<{ data: unknown[] }>('/api/webhooks', { token: user.token });
    expect(endpoints.body.data).toEqual([]);
  });
});
