import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { gmailAccount, pausedOutlook, samplePool, smtpAccount } from '../../test/sender-fixtures';

const proUser = { ...sampleUser, subscription: { plan: 'pro' as const, status: 'active', endDate: null } };
const accounts = [gmailAccount, pausedOutlook, smtpAccount];

function setup(user: typeof sampleUser | typeof proUser, handlers: Parameters<typeof installFakeApi>[0] = {}) {
  localStorage.setItem('token', 't-1');
  const api = installFakeApi({
    'GET /api/auth/me': { body: { user } },
    'GET /api/email-accounts': { body: { data: accounts } },
    'GET /api/sender-pools': { body: { data: [] } },
    ...handlers,
  });
  renderApp('/sender-pools');
  return api;
}

describe('Sender Pools screen', () => {
  it('is linked in the menu right after Email Accounts', async () => {
    setup(proUser);
    const menu = await screen.findByRole('navigation', { name: 'App' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.slice(labels.indexOf('Email Accounts'), labels.indexOf('Email Accounts') + 2)).toEqual([
      'Email Accounts',
      'Sender Pools',
    ]);
  });

  it('tells a free user that pools are Pro and Enterprise, links to /pricing and asks nothing', async () => {
    const { calls } = setup(sampleUser);
    const notice = await screen.findByTestId('pools-plan-notice');
    expect(notice.textContent).toContain('Sender pools are part of the Pro and Enterprise plans.');
    expect(within(notice).getByRole('link', { name: 'See plans and upgrade' }).getAttribute('href')).toBe('/pricing');
    expect((screen.getByRole('button', { name: 'Create Pool' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((call) => call.path === '/api/sender-pools')).toBe(false);
  });

  it('shows the plan notice when the server answers PLAN_LIMIT', async () => {
    setup(proUser, {
      'GET /api/sender-pools': { status: 403, body: { message: 'Upgrade', code: 'PLAN_LIMIT' } },
    });
    await screen.findByTestId('pools-plan-notice');
  });

  it('shows the empty state', async () => {
    setup(proUser);
    await screen.findByText('No sender pools yet. Create one to send from several accounts with failover or spread.');
  });

  it('says when the list failed to load and loads it again on Retry', async () => {
    let fail = true;
    setup(proUser, {
      'GET /api/sender-pools': () => (fail ? { status: 502 } : { body: { data: [samplePool()] } }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch sender pools');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const row = await screen.findByTestId('pool-row');
    expect(row.textContent).toContain('Newsletters');
    expect(row.textContent).toContain('Failover');
    expect(within(row).getByRole('list', { name: 'Accounts of Newsletters' }).textContent).toBe(
      '1.ada@gmail.com2.sales@contoso.comPaused',
    );
  });

  it('creates a pool with a strategy and the accounts in the chosen order', async () => {
    const { calls } = setup(proUser, { 'POST /api/sender-pools': { status: 201, body: { data: samplePool() } } });
    const create = await screen.findByRole('button', { name: 'Create Pool' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Create Sender Pool' });
    fireEvent.change(within(dialog).getByLabelText('Pool Name'), { target: { value: 'Receipts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pool' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Add at least one account to the pool');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('radio', { name: /Spread/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add ada@gmail.com' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add billing@example.com' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move billing@example.com up' }));
    expect(within(dialog).getByTestId('pool-order').textContent).toMatch(/^1\.Billing.*2\.Ada/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Pool' }));
    await screen.findByText('Sender pool created');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Receipts',
      strategy: 'spread',
      accountIds: ['acc-4', 'acc-1'],
    });
  });

  it('edits a pool and deletes one after confirmation', async () => {
    const { calls } = setup(proUser, {
      'GET /api/sender-pools': { body: { data: [samplePool()] } },
      'PUT /api/sender-pools/pool-1': { body: { data: samplePool() } },
      'DELETE /api/sender-pools/pool-1': { status: 204 },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Newsletters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Sender Pool' });
    expect((within(dialog).getByRole('radio', { name: /Failover/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move ada@gmail.com down' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Pool' }));
    await screen.findByText('Sender pool updated');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Newsletters',
      strategy: 'failover',
      accountIds: ['acc-2', 'acc-1'],
    });

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Newsletters' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Newsletters' }));
    await screen.findByText('Sender pool deleted');
    expect(confirm.mock.calls[0]?.[0]).toContain('Delete the sender pool "Newsletters"?');
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/sender-pools/pool-1')).toBe(true);
  });
});
