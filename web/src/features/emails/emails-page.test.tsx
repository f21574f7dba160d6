import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('email log status filter', () => {
  it('offers every status of the contract and asks the server for the chosen one', async () => {
    localStorage.setItem('token', 't-1');
    const { calls } = installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/emails': { body: { data: [], pagination: { page: 1, limit: 20, total: 0, pages: 1 } } },
    });
    renderApp('/emails');
    const filter = (await screen.findByLabelText('Status')) as HTMLSelectElement;
    expect(Array.from(filter.options).map((option) => option.textContent)).toEqual([
      'All statuses',
      'Sent',
      'Scheduled',
      'Failed',
      'Queued',
      'Sending',
      'Cancelled',
      'Bounced',
      'Suppressed',
    ]);
    fireEvent.change(filter, { target: { value: 'bounced' } });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/emails?page=1&limit=20&status=bounced')).toBe(true));
    expect(await screen.findByText('No emails match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No emails sent yet')).toBeTruthy();
    expect(filter.value).toBe('');
  });
});

describe('email log states', () => {
  it('says the log could not load, instead of calling it empty, and retries', async () => {
    localStorage.setItem('token', 't-1');
    let fail = true;
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/emails': () =>
        fail
          ? { status: 500, body: { message: 'boom', code: 'INTERNAL_ERROR' } }
          : { body: { data: [], pagination: { page: 1, limit: 20, total: 0, pages: 1 } } },
    });
    renderApp('/emails');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load data');
    expect(screen.queryByText('No emails sent yet')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No emails sent yet')).toBeTruthy();
  });
});
