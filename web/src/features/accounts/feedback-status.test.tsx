import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmailAccount } from '../../api';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { gmailAccount, sampleAccount, sampleUsage, smtpAccount } from '../../test/sender-fixtures';

const feedback = (overrides: Partial<EmailAccount['feedback']>): EmailAccount['feedback'] => ({
  enabled: true,
  state: 'reading',
  lastCheckedAt: null,
  error: null,
  imap: null,
  ...overrides,
});
const reading = sampleAccount({ feedback: feedback({ lastCheckedAt: '2025-01-05T08:00:00.000Z' }) });
const sendOnlyOutlook = sampleAccount({
  _id: 'acc-2',
  id: 'acc-2',
  email: 'sales@contoso.com',
  provider: 'outlook',
  isDefault: false,
  feedback: feedback({ state: 'needs_reconnect' }),
});
const failing = sampleAccount({
  ...smtpAccount,
  feedback: feedback({ state: 'error', error: 'IMAP login failed', lastCheckedAt: '2025-01-05T08:00:00.000Z' }),
});
const off = sampleAccount({
  _id: 'acc-5',
  id: 'acc-5',
  email: 'quiet@gmail.com',
  isDefault: false,
  feedback: feedback({ enabled: false, state: 'off' }),
});
const pending = sampleAccount({
  _id: 'acc-6',
  id: 'acc-6',
  email: 'new@gmail.com',
  isDefault: false,
  feedback: feedback({ state: 'pending' }),
});

function setup(accounts: EmailAccount[], extra: Parameters<typeof installFakeApi>[0] = {}) {
  localStorage.setItem('token', 't-1');
  const api = installFakeApi({
    'GET /api/auth/me': { body: { user: sampleUser } },
    'GET /api/email-accounts': { body: { data: accounts } },
    ...Object.fromEntries(accounts.map((a) => [`GET /api/email-accounts/${a._id}/usage`, { body: { data: sampleUsage() } }])),
    'POST /api/email-accounts/connect-ticket': { body: { data: { url: '/connect/x' } } },
    ...extra,
  });
  renderApp('/email-accounts');
  return api;
}

const statusOf = async (email: string) =>
  within(
    (await screen.findAllByTestId('account-row')).find((row) => row.textContent?.includes(email)) as HTMLElement,
  ).getByTestId('feedback-status');

describe('Email Accounts: bounce and reply reading', () => {
  it('shows each state: reading with the last check, pending, off, needs reconnect with the reason, error', async () => {
    setup([reading, sendOnlyOutlook, failing, off, pending]);
    const read = await statusOf('ada@gmail.com');
    expect(within(read).getByTestId('feedback-badge').textContent).toBe('Reading');
    expect(within(read).getByTestId('feedback-text').textContent).toMatch(/read from this mailbox, last checked Jan 05, 2025/);
    expect(within(await statusOf('new@gmail.com')).getByTestId('feedback-badge').textContent).toBe('Pending');
    const quiet = await statusOf('quiet@gmail.com');
    expect(within(quiet).getByTestId('feedback-badge').textContent).toBe('Off');
    expect(within(quiet).getByRole('button', { name: 'Read bounces and replies of quiet@gmail.com' }).textContent).toBe(
      'Turn on',
    );
    const outlook = await statusOf('sales@contoso.com');
    expect(within(outlook).getByTestId('feedback-text').textContent).toBe(
      'Reconnect this Outlook account to let Mailwright read bounces and replies (it was connected with send access only).',
    );
    expect(within(outlook).getByRole('button', { name: 'Reconnect sales@contoso.com to read bounces' })).toBeTruthy();
    const smtp = await statusOf('billing@example.com');
    expect(within(smtp).getByTestId('feedback-badge').textContent).toBe('Error');
    expect(within(smtp).getByTestId('feedback-text').textContent).toContain('IMAP login failed');
    expect(within(smtp).getByText(/IMAP: the SMTP host on port 993/)).toBeTruthy();
    expect(within(read).queryByRole('button', { name: /IMAP settings/ })).toBeNull();
  });

  it('turns reading on and off through PUT /feedback', async () => {
    const { calls } = setup([reading, off], {
      'PUT /api/email-accounts/acc-1/feedback': { body: { data: reading } },
      'PUT /api/email-accounts/acc-5/feedback': { body: { data: off } },
    });
    fireEvent.click(within(await statusOf('quiet@gmail.com')).getByRole('button', { name: /quiet@gmail.com/ }));
    await screen.findByText('Reading bounces and replies from this mailbox');
    fireEvent.click(within(await statusOf('ada@gmail.com')).getByRole('button', { name: /ada@gmail.com/ }));
    await screen.findByText('Stopped reading bounces and replies');
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path, call.body])).toEqual([
      ['/api/email-accounts/acc-5/feedback', { enabled: true }],
      ['/api/email-accounts/acc-1/feedback', { enabled: false }],
    ]);
  });

  it('saves custom IMAP settings of an SMTP account, and goes back to the defaults', async () => {
    const { calls } = setup([failing], { 'PUT /api/email-accounts/acc-4/feedback': { body: { data: failing } } });
    fireEvent.click(
      within(await statusOf('billing@example.com')).getByRole('button', { name: 'IMAP settings of billing@example.com' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'IMAP Settings' });
    fireEvent.click(within(dialog).getByLabelText(/Use my own IMAP settings/));
    expect((within(dialog).getByLabelText('IMAP Host') as HTMLInputElement).value).toBe('mail.example.com');
    expect((within(dialog).getByLabelText('IMAP Port') as HTMLInputElement).value).toBe('993');
    fireEvent.change(within(dialog).getByLabelText('IMAP Host'), { target: { value: 'imap.example.com' } });
    fireEvent.change(within(dialog).getByLabelText('IMAP Password'), { target: { value: 'app-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({
      enabled: true,
      imap: { host: 'imap.example.com', port: 993, secure: true, username: 'billing', password: 'app-password' },
    });

    fireEvent.click(
      within(await statusOf('billing@example.com')).getByRole('button', { name: 'IMAP settings of billing@example.com' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'IMAP Settings' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toEqual({ enabled: true, imap: null });
  });

  it('keeps working with an account answered without the feedback field', async () => {
    const { feedback: _gone, ...older } = gmailAccount;
    setup([older as EmailAccount]);
    expect((await screen.findAllByTestId('account-row')).length).toBe(1);
    expect(screen.queryByTestId('feedback-status')).toBeNull();
  });
});
