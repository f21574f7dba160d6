// Issue 21 in Chromium against the whole stack (run by infra's suite): the Suppressions screen adds (checked
// first), searches, removes after confirmation, imports a small CSV and exports the list; a send to a
// suppressed address shows as suppressed; an email to an address the SMTP peer bounces after accepting it turns
// bounced (the worker reads the DSN from the sender's real IMAP mailbox) and shows its diagnostic in the details.
// Screenshots of the new screens at 375 px and 1440 px.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, type SignedInUser, signUpVerified, uniqueEmail, waitForMail } from '../../infra/e2e/support/api';
import { LATE_BOUNCE_DOMAIN } from '../../infra/e2e/support/late-bounces';
import './stack-context';
import { horizontalOverflow, launchBrowser, pageFor, saveScreenshot, toast } from './support/browser';
import { addSinkSmtpAccount } from './support/sink-account';

interface EmailLogBody {
  data: { _id: string; status: string };
}
interface SuppressionList {
  data: { email: string; reason: string }[];
  pagination: { total: number };
}

const DIAGNOSTIC = 'Recipient address rejected: User unknown in virtual mailbox table';

let browser: Browser;
let user: SignedInUser;
let page: Page;
let accountId: string;
let bouncedSubject: string;

async function listed(search = ''): Promise<SuppressionList> {
  const answer = await api<SuppressionList>(`/api/suppressions?limit=100&search=${encodeURIComponent(search)}`, {
    token: user.token,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function sendEmail(to: string, subject: string): Promise<string> {
  const sent = await api<EmailLogBody>('/api/emails/send', {
    token: user.token,
    body: { to: [to], subject, body: 'Hello from the feedback test', emailAccountId: accountId },
  });
  expect([200, 201]).toContain(sent.status);
  return sent.body.data._id;
}

async function waitForStatus(emailId: string, status: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const email = await api<EmailLogBody>(`/api/emails/${emailId}`, { token: user.token });
    last = email.body.data?.status;
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`email ${emailId} is ${last}, not ${status}, after ${timeoutMs} ms`);
}

/** The sender's own IMAP mailbox (the sink files late bounces there), read with the SMTP sign-in. */
async function createMailbox(address: string, password: string): Promise<void> {
  const response = await fetch(`${inject('sinkApiUrl')}/mailboxes`, {
    method: 'POST',
    body: JSON.stringify({ user: address, password }),
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  browser = await launchBrowser();
  user = await signUpVerified('feedback');
  const sender = uniqueEmail('feedback-sender');
  await createMailbox(sender, 'any-password');
  accountId = await addSinkSmtpAccount(user, 'Feedback', sender);
  const reading = await api(`/api/email-accounts/${accountId}/feedback`, {
    method: 'PUT',
    token: user.token,
    body: { enabled: true, imap: { host: '127.0.0.1', port: inject('imapPort'), secure: false } },
  });
  expect(reading.status).toBe(200);
  page = await pageFor(browser, user, 'desktop');
});

afterAll(async () => {
  await browser?.close();
});

describe('the suppression list', () => {
  it('adds an address after checking it, finds it by search and removes it after confirmation', async () => {
    await page.goto('/suppressions');
    await page.getByText('Your suppression list is empty.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Add Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Suppression List' });
    await dialog.getByLabel('Email address').fill('not an address');
    await dialog.getByRole('button', { name: 'Add Address' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Enter a valid email address, like name@example.com');
    await dialog.getByLabel('Email address').fill('Manual.Block@Example.test');
    await dialog.getByRole('button', { name: 'Add Address' }).click();
    await toast(page, 'Address added to your suppression list').waitFor();
    const row = page.getByTestId('suppression-row').filter({ hasText: /manual\.block@example\.test/i });
    await row.waitFor();
    expect(await row.textContent()).toContain('Added manually');

    const other = await api('/api/suppressions', { token: user.token, body: { email: 'other-person@example.test' } });
    expect([200, 201]).toContain(other.status);
    await page.reload();
    await page.getByTestId('suppression-row').nth(1).waitFor();
    await page.getByLabel('Search addresses').fill('other-per');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="suppression-row"]').length === 1);
    expect(await page.getByTestId('suppression-row').textContent()).toContain('other-person@example.test');
    await page.getByLabel('Search addresses').fill('');
    await page.getByTestId('suppression-row').nth(1).waitFor();

    const address = (await listed('manual')).data[0]?.email ?? '';
    page.once('dialog', (confirm) => void confirm.dismiss());
    await page.getByRole('button', { name: `Remove ${address}` }).click();
    expect((await listed()).pagination.total).toBe(2);
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByRole('button', { name: `Remove ${address}` }).click();
    await toast(page, 'Address removed from your suppression list').waitFor();
    await page.getByTestId('suppression-row').filter({ hasText: address }).waitFor({ state: 'detached' });
    expect((await listed()).data.map((item) => item.email)).toEqual(['other-person@example.test']);
  });

  it('imports a small CSV and shows what it added, skipped and refused', async () => {
    await page.goto('/suppressions');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Suppression List' });
    const csv = 'email\nimported-one@example.test\nimported-two@example.test\nother-person@example.test\nnot-an-address\n';
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Import' }).click();
    const result = dialog.getByTestId('import-result');
    await result.waitFor();
    const text = await result.textContent();
    expect(text).toContain('Rows read4');
    expect(text).toContain('Added2');
    expect(text).toContain('Already listed1');
    expect(text).toContain('Invalid1');
    expect(text).toContain('Line 5:');
    await saveScreenshot(page, 'app-suppressions-import-1440');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('suppression-row').filter({ hasText: 'imported-two@example.test' }).waitFor();
    expect((await listed()).pagination.total).toBe(3);
  });

  it('exports the list as a CSV download', async () => {
    await page.goto('/suppressions');
    await page.getByTestId('suppression-row').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toMatch(/^email,reason/);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(['imported-one@example.test', 'imported-two@example.test', 'other-person@example.test']);
  });
});

describe('emails in the log', () => {
  it('shows a send to a suppressed address as suppressed', async () => {
    const emailId = await sendEmail('other-person@example.test', 'To a suppressed reader');
    await waitForStatus(emailId, 'suppressed');
    await page.goto('/emails');
    const row = page.getByTestId('email-row').filter({ hasText: 'To a suppressed reader' });
    expect(await row.textContent()).toContain('suppressed');
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Email Details' });
    expect(await dialog.getByTestId('suppressed-details').textContent()).toContain(
      'Every recipient is on your suppression list: the email was not sent',
    );
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it("shows a bounced email's recipient, code and diagnostic in the details", async () => {
    const recipient = uniqueEmail('gone-reader', LATE_BOUNCE_DOMAIN);
    bouncedSubject = `Bounces back ${Date.now()}`;
    const emailId = await sendEmail(recipient, bouncedSubject);
    await waitForMail(recipient);
    await waitForStatus(emailId, 'bounced');
    const entries = (await listed(recipient)).data;
    expect(entries.map((entry) => entry.reason)).toEqual(['hard_bounce']);

    await page.goto('/emails');
    await page.getByLabel('Status').selectOption('bounced');
    const row = page.getByTestId('email-row').filter({ hasText: bouncedSubject });
    await row.waitFor();
    expect(await row.getByTestId('feedback-note').textContent()).toBe(`${recipient} refused it (5.1.1)`);
    await row.click();
    const details = page.getByRole('dialog', { name: 'Email Details' }).getByTestId('bounce-details');
    await details.waitFor();
    const text = await details.textContent();
    expect(text).toContain(`Recipient${recipient}`);
    expect(text).toContain('Code5.1.1');
    expect(text).toContain(DIAGNOSTIC);
    await saveScreenshot(page, 'app-email-bounced-1440');
  });
});

describe.each(['mobile', 'desktop'] as const)('issue 21 screens at %s width', (viewport) => {
  let screen: Page;
  beforeAll(async () => {
    screen = await pageFor(browser, user, viewport);
  });
  afterAll(async () => {
    await screen?.context().close();
  });

  // What each screen shows once loaded: its rows (cards under sm) or, for analytics, the new card.
  const loaded = {
    suppressions: { mobile: 'suppression-card', desktop: 'suppression-row' },
    'email-accounts': { mobile: 'feedback-status', desktop: 'feedback-status' },
    analytics: null,
    emails: { mobile: 'email-card', desktop: 'email-row' },
  } as const;

  it.each(Object.keys(loaded) as (keyof typeof loaded)[])('/%s renders without sideways overflow', async (name) => {
    await screen.goto(`/${name}`);
    const rowTestId = loaded[name]?.[viewport];
    if (rowTestId) await screen.getByTestId(rowTestId).first().waitFor();
    else await screen.getByRole('heading', { name: 'Bounce Rate' }).waitFor();
    await screen.waitForLoadState('networkidle');
    expect(await horizontalOverflow(screen)).toBeLessThanOrEqual(0);
    await saveScreenshot(screen, `app-${name}-issue21-${viewport === 'mobile' ? 375 : 1440}`);
  });

  it('shows the bounced email details without sideways overflow', async () => {
    await screen.goto('/emails');
    const row = screen.getByTestId(viewport === 'mobile' ? 'email-card' : 'email-row').filter({ hasText: bouncedSubject });
    await row.click();
    await screen.getByTestId('bounce-details').waitFor();
    expect(await horizontalOverflow(screen)).toBeLessThanOrEqual(0);
    await saveScreenshot(screen, `app-email-details-bounced-issue21-${viewport === 'mobile' ? 375 : 1440}`);
  });
});
