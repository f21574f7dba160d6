import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('profile security block', () => {
  it('logs out everywhere after confirmation, then signs this browser out', async () => {
    localStorage.setItem('token', 'current-token');
    const { calls } = installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'POST /api/auth/logout-everywhere': { status: 204 },
    });
    const { router } = renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByText(/Every session of your account ends/)).toBeTruthy();
    // Nothing happens before the confirmation.
    expect(calls.some((call) => call.path === '/api/auth/logout-everywhere')).toBe(false);
    const dialog = screen.getByRole('dialog', { name: 'Log out everywhere?' });
    fireEvent.click(
      Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Log out everywhere') as HTMLElement,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    const call = calls.find((c) => c.path === '/api/auth/logout-everywhere');
    expect(call).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer current-token' } });
  });

  it('cancels without calling the server', async () => {
    localStorage.setItem('token', 'current-token');
    const { calls } = installFakeApi({ 'GET /api/auth/me': { body: { user: sampleUser } } });
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/api/auth/logout-everywhere')).toBe(false);
    expect(localStorage.getItem('token')).toBe('current-token');
  });

  it('keeps this browser signed in on the fresh token a password change answers', async () => {
    localStorage.setItem('token', 'old-token');
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'PUT /api/auth/change-password': { body: { message: 'Password changed successfully', token: 'fresh-token' } },
    });
    const { router } = renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'secret2' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'secret2' } });
    fireEvent.submit(document.getElementById('change-password-form') as HTMLFormElement);
    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('fresh-token');
    expect(router.state.location.pathname).toBe('/profile');
  });
});
