import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { gmailAccount, pausedOutlook, revokedGmail, sampleUsage, smtpAccount } from '../../test/sender-fixtures';
import { USAGE_REFRESH_MS } from './queries';

const accounts = [gmailAccount, pausedOutlook, revokedGmail, smtpAccount];
const usage = {
  'acc-1': sampleUsage({ held: 3 }),
  'acc-2': sampleUsage({
    minute: { used: 2, limit: 30 },
    day: { used: 40, limit: null, resetsAt: null },
    recipientsPerDay: 10_000,
    recipientsToday: 2_300,
  }),
  'acc-3': sampleUsage({ minute: { used: 0, limit: 60 } }),
  'acc-4': sampleUsage({ minute: { used: 1, limit: null }, day: { used: 7, limit: null, resetsAt: null } }),
};

function setup(extra: Parameters<typeof installFakeApi>[0] = {}) {
  localStorage.setItem('token', 't-1');
  const api = installFakeApi({
    'GET /api/auth/me': { body: { user: sampleUser } },
    'GET /api/email-accounts': { body: { data: accounts } },
    ...Object.fromEntries(Object.entries(usage).map(([id, data]) => [`GET /api/email-accounts/${id}/usage`, { body: { data } }])),
    ...extra,
  });
  renderApp('/email-accounts');
  return api;
}

const rowOf = async (email: string) =>
  (await screen.findAllByTestId('account-row')).find((row) => row.textContent?.includes(email)) as HTMLElement;

describe('Email Accounts: sender health and usage', () => {
  it('shows each sender health badge, the pause reason and when it resumes', async () => {
    setup();
    const paused = await rowOf('sales@contoso.com');
    expect(within(paused).getByTestId('health-badge').textContent).toBe('Paused');
    const notice = within(paused).getByTestId('health-notice').textContent;
    expect(notice).toContain('Paused: the provider asked us to slow down. Sending resumes automatically.');
    expect(notice).toContain('429 Too Many Requests');
    expect(notice).toMatch(/Resumes automatically at Jan 05, 2025/);
    expect(within(await rowOf('news@workspace.test')).getByTestId('health-badge').textContent).toBe('Needs reconnect');
    expect(within(await rowOf('ada@gmail.com')).getByTestId('health-badge').textContent).toBe('Active');
    expect(within(await rowOf('ada@gmail.com')).queryByTestId('health-notice')).toBeNull();
  });

  it('offers Resume for a paused sender and Reconnect for one whose grant is gone', async () => {
    const { calls } = setup({ 'POST /api/email-accounts/acc-2/resume': { body: { data: pausedOutlook } } });
    const paused = await rowOf('sales@contoso.com');
    expect(
      within(await rowOf('news@workspace.test')).getByRole('button', { name: 'Reconnect news@workspace.test' }),
    ).toBeTruthy();
    expect(within(await rowOf('news@workspace.test')).queryByRole('button', { name: /Resume/ })).toBeNull();
    expect(within(await rowOf('ada@gmail.com')).queryByRole('button', { name: /Resume|Reconnect/ })).toBeNull();
    fireEvent.click(within(paused).getByRole('button', { name: 'Resume sales@contoso.com' }));
    await screen.findByText('Sending resumed');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/email-accounts/acc-2/resume')).toBe(true);
  });

  it('draws usage bars this minute and today, "no limit", recipients and the held count', async () => {
    setup();
    const gmail = await rowOf('ada@gmail.com');
    await within(gmail).findByTestId('sender-usage');
    const minute = within(gmail).getByRole('progressbar', { name: 'This minute' });
    expect(minute.getAttribute('aria-valuenow')).toBe('52');
    expect(minute.getAttribute('aria-valuemax')).toBe('60');
    expect(within(gmail).getByTestId('held-count').textContent).toBe('3 emails held, waiting for this sender');
    expect(within(gmail).queryByText('Recipients today')).toBeNull();

    const outlook = await rowOf('sales@contoso.com');
    await within(outlook).findByTestId('sender-usage');
    expect(within(outlook).getAllByTestId('usage-bar')[1]?.textContent).toContain('40 · no limit');
    expect(within(outlook).getByRole('progressbar', { name: 'Recipients today' }).getAttribute('aria-valuetext')).toBe(
      '2,300 of 10,000',
    );
    expect(within(outlook).queryByTestId('held-count')).toBeNull();
  });

  it('reads the usage again while the page stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup();
    await within(await rowOf('ada@gmail.com')).findByTestId('sender-usage');
    const reads = () => calls.filter((call) => call.path === '/api/email-accounts/acc-1/usage').length;
    const before = reads();
    await act(() => vi.advanceTimersByTimeAsync(USAGE_REFRESH_MS + 100));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});

describe('Email Accounts: limits editor', () => {
  it('shows the provider default and ceiling and sends blank fields as null', async () => {
    const { calls } = setup({ 'PUT /api/email-accounts/acc-1/limits': { body: { data: gmailAccount } } });
    fireEvent.click(within(await rowOf('ada@gmail.com')).getByRole('button', { name: 'Sending limits of ada@gmail.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sending Limits' });
    const perMinute = within(dialog).getByLabelText('Messages per minute') as HTMLInputElement;
    expect(perMinute.value).toBe('');
    expect(within(dialog).getByText(/Provider default: 60 a minute · at most 60/)).toBeTruthy();
    expect(within(dialog).getByText(/Provider default: 500 a day · at most 500/)).toBeTruthy();
    fireEvent.change(perMinute, { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    await screen.findByText('Sending limits updated');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ perMinute: 40, perDay: null, recipientsPerDay: null });
  });

  it('says beside the field when a figure is above the provider ceiling, before asking the server', async () => {
    const { calls } = setup();
    fireEvent.click(within(await rowOf('ada@gmail.com')).getByRole('button', { name: 'Sending limits of ada@gmail.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sending Limits' });
    const perDay = within(dialog).getByLabelText('Messages per day');
    fireEvent.change(perDay, { target: { value: '900' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'perDay may be at most 500 for a Gmail account',
    );
    expect(perDay.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows the server's 400 next to the field it names", async () => {
    setup({
      'PUT /api/email-accounts/acc-4/limits': {
        status: 400,
        body: { message: 'recipientsPerDay must be at most 100000', code: 'VALIDATION_ERROR' },
      },
    });
    fireEvent.click(
      within(await rowOf('billing@example.com')).getByRole('button', { name: 'Sending limits of billing@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sending Limits' });
    expect(within(dialog).getByText(/Provider default: no limit/, { selector: '[id$="perMinute-hint"]' })).toBeTruthy();
    const recipients = within(dialog).getByLabelText('Recipients per day');
    fireEvent.change(recipients, { target: { value: '5000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    const error = await within(dialog).findByRole('alert');
    expect(error.textContent).toBe('recipientsPerDay must be at most 100000');
    expect(recipients.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByRole('dialog', { name: 'Sending Limits' })).toBeTruthy();
  });
});
