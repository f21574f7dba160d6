// Issue 24, "Email Logs as a real log", in Chromium against the whole stack at 1440 px and 375 px: search by
// recipient or subject, status and date filters, CSV export of the filtered log (formula cells guarded), the
// HTML body in a sandboxed frame with a Source toggle, the event timeline (accepted, sent, opened), and a
// scheduled email turning Sent on screen without a reload. Screenshots: issue24-log-*.png.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signUpVerified, uniqueEmail, waitForMail } from '../../infra/e2e/support/api';
import './stack-context';
import {
  atWidth,
  horizontalOverflow,
  launchBrowser,
  pageFor,
  px,
  saveScreenshot,
  type ViewportName,
  widths,
} from './support/browser';
import { addSinkSmtpAccount } from './support/sink-account';

let browser: Browser;

async function send(user: SignedInUser, body: Record<string, unknown>): Promise<string> {
  const sent = await api<{ data: { _id: string } }>('/api/emails/send', { token: user.token, body });
  expect(sent.status).toBeLessThan(300);
  return sent.body.data._id;
}

/** The email rows (desktop table) or cards (mobile list) on screen. */
const rowsOf = (page: Page, viewport: ViewportName) => page.getByTestId(viewport === 'desktop' ? 'email-row' : 'email-card');

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('issue 24: Email Logs as a real log', () => {
  it('searches, filters by status and date, exports the filtered CSV, and shows the body and the timeline', {
    timeout: 240_000,
  }, async () => {
    const user = await signUpVerified('i24-log');
    await addSinkSmtpAccount(user, 'Log tester');
    const billing = uniqueEmail('billing');
    const htmlId = await send(user, {
      to: [billing],
      subject: '=SUM(1,2) invoice',
      body: '<h1>Invoice ready</h1><p>Pay <a href="https://example.com/pay">here</a>.</p><script>document.title="x"</script>',
    });
    await send(user, { to: [uniqueEmail('other')], subject: 'Weekly digest', body: 'Plain text digest' });
    const mail = await waitForMail(billing);
    await expect
      .poll(
        async () => (await api<{ data: { status: string } }>(`/api/emails/${htmlId}`, { token: user.token })).body.data.status,
        { timeout: 15_000 },
      )
      .toBe('sent');
    // Open the message as a mail client would: the tracking pixel records an open.
    const pixel = /src="([^"]*\/t\/o\/[^"]+)"/.exec(mail.html)?.[1];
    expect(pixel).toBeDefined();
    expect((await fetch(pixel as string)).status).toBe(200);
    await expect
      .poll(
        async () =>
          (await api<{ data: { type: string }[] }>(`/api/emails/${htmlId}/events`, { token: user.token })).body.data.map(
            (event) => event.type,
          ),
        { timeout: 15_000 },
      )
      .toContain('opened');

    const today = new Date().toISOString().slice(0, 10);
    const tab = await pageFor(browser, user, 'desktop', { acceptDownloads: true });
    for (const viewport of widths) {
      const page = await atWidth(tab, viewport);
      await page.goto('/emails');
      await rowsOf(page, viewport).first().waitFor();
      expect(await rowsOf(page, viewport).count()).toBe(2);

      await page.getByLabel('Search').fill(billing.slice(0, 14));
      await expect.poll(() => rowsOf(page, viewport).count()).toBe(1);
      expect(await rowsOf(page, viewport).first().textContent()).toContain('=SUM(1,2) invoice');
      await page.getByLabel('Search').fill('digest');
      await expect.poll(async () => (await rowsOf(page, viewport).first().textContent()) ?? '').toContain('Weekly digest');
      await page.getByLabel('Search').fill('');
      await page.getByLabel('Status').selectOption('scheduled');
      await page.getByText('No emails match these filters').waitFor();
      await page.getByLabel('Status').selectOption('sent');
      await page.getByLabel('From date').fill(today);
      await page.getByLabel('To date').fill(today);
      await expect.poll(() => rowsOf(page, viewport).count()).toBe(2);
      await page.getByLabel('Search').fill('invoice');
      await expect.poll(() => rowsOf(page, viewport).count()).toBe(1);
      expect(await horizontalOverflow(page)).toBe(0);
      await saveScreenshot(page, `issue24-log-filtered-${px(viewport)}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('emails.csv');
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'id,created_at,status,from,to,cc,bcc,subject,scheduled_at,sent_at,opened_at,clicked_at,replied_at,error',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`${htmlId},`);
      expect(lines[1]).toContain(`,sent,`);
      expect(lines[1]).toContain(`"'=SUM(1,2) invoice"`);

      await rowsOf(page, viewport).first().click();
      const dialog = page.getByRole('dialog', { name: 'Email Details' });
      const frame = dialog.locator('iframe[title="Email body"]');
      await frame.waitFor();
      expect(await frame.getAttribute('sandbox')).toBe('');
      await page.frameLocator('iframe[title="Email body"]').getByRole('heading', { name: 'Invoice ready' }).waitFor();
      expect(await page.title()).not.toBe('x');
      const timeline = dialog.getByTestId('email-timeline');
      await timeline.waitFor();
      const steps = await dialog.getByTestId('timeline-event').allTextContents();
      expect(steps.map((step) => step.split(' ')[0])).toEqual(['Accepted', 'Sent', 'Opened']);
      await timeline.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `issue24-log-details-${px(viewport)}`);
      await dialog.getByRole('button', { name: 'Source' }).click();
      const source = dialog.getByTestId('email-body-source');
      expect(await source.textContent()).toContain('<h1>Invoice ready</h1>');
      await source.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `issue24-log-source-${px(viewport)}`);
    }
  });

  it('turns a scheduled email Sent on screen without a reload', { timeout: 240_000 }, async () => {
    const user = await signUpVerified('i24-live');
    await addSinkSmtpAccount(user, 'Log tester');
    // Both widths watch at once, each its own email, due together: the wait for the schedule is paid once.
    const dueAt = new Date(Date.now() + 20_000).toISOString();
    const subjectFor = (viewport: ViewportName) => `Live ${viewport}`;
    for (const viewport of widths) {
      await send(user, { to: [uniqueEmail('live')], subject: subjectFor(viewport), body: 'Soon', scheduledAt: dueAt });
    }
    const rows = await Promise.all(
      widths.map(async (viewport) => {
        const page = await pageFor(browser, user, viewport, { acceptDownloads: true });
        await page.goto('/emails');
        const row = rowsOf(page, viewport).filter({ hasText: subjectFor(viewport) });
        await row.getByText(/^scheduled$/i).waitFor();
        await saveScreenshot(page, `issue24-log-live-scheduled-${px(viewport)}`);
        // A mark on this document: a reload would drop it.
        await page.evaluate(() => Object.assign(window, { notReloaded: true }));
        return { viewport, page, row };
      }),
    );
    expect(Date.now(), 'both pages showed the email as scheduled before it was due').toBeLessThan(Date.parse(dueAt));
    for (const { viewport, page, row } of rows) {
      await row.getByText(/^sent$/i).waitFor({ timeout: 90_000 });
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await saveScreenshot(page, `issue24-log-live-sent-${px(viewport)}`);
    }
  });
});
