import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { gmailAccount, pausedOutlook, sampleEmail, samplePool } from '../../test/sender-fixtures';

const proUser = { ...sampleUser, subscription: { plan: 'pro' as const, status: 'active', endDate: null } };

describe('held emails in the log and the details', () => {
  it('shows why an email is held and when it is expected to go, and who sends it', async () => {
    localStorage.setItem('token', 't-1');
    const held = sampleEmail({
      hold: { reason: 'sender_day_limit', until: '2025-01-06T08:35:00.000Z' },
      timezone: 'Asia/Kolkata',
      senderPoolId: 'pool-1',
    });
    const paused = sampleEmail({
      _id: 'e2',
      id: 'e2',
      subject: 'Waiting on a pause',
      emailAccountId: 'acc-2',
      hold: { reason: 'sender_paused', until: null },
    });
    installFakeApi({
      'GET /api/auth/me': { body: { user: proUser } },
      'GET /api/emails': { body: { data: [held, paused], pagination: { page: 1, limit: 20, total: 2, pages: 1 } } },
      'GET /api/email-accounts': { body: { data: [gmailAccount, pausedOutlook] } },
      'GET /api/sender-pools': { body: { data: [samplePool()] } },
    });
    renderApp('/emails');
    const rows = await screen.findAllByTestId('email-row');
    expect(within(rows[0] as HTMLElement).getByTestId('hold-note').textContent).toBe(
      "Held: the sender's daily limit — expected Jan 06, 14:05 IST",
    );
    expect(within(rows[1] as HTMLElement).getByTestId('hold-note').textContent).toBe(
      'Held: the sender is paused — when the sender resumes',
    );

    fireEvent.click(rows[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    expect(within(dialog).getByTestId('hold-details').textContent).toContain(
      "Held: the sender's daily limit — expected Jan 06, 14:05 IST",
    );
    expect((await within(dialog).findByText('ada@gmail.com')).closest('div')?.textContent).toBe('Sending accountada@gmail.com');
    expect((await within(dialog).findByText('Newsletters')).closest('div')?.textContent).toBe('Sender poolNewsletters');
  });

  it('names the sending account of a sent email and shows no hold', async () => {
    localStorage.setItem('token', 't-1');
    const sent = sampleEmail({ status: 'sent', sentAt: '2025-01-05T08:01:00.000Z', emailAccountId: 'acc-2' });
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/emails': { body: { data: [sent], pagination: { page: 1, limit: 20, total: 1, pages: 1 } } },
      'GET /api/email-accounts': { body: { data: [gmailAccount, pausedOutlook] } },
    });
    renderApp('/emails');
    fireEvent.click(await screen.findByTestId('email-row'));
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    expect((await within(dialog).findByText('sales@contoso.com')).closest('div')?.textContent).toBe('Sent bysales@contoso.com');
    expect(within(dialog).queryByTestId('hold-details')).toBeNull();
    expect(within(dialog).queryByText('Sender pool')).toBeNull();
  });
});
