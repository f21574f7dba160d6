import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const mallory = { ...sampleUser, _id: 'u2', id: 'u2', name: 'Mallory', email: 'mallory@example.com' };

describe('/auth/callback', () => {
  it.each([
    ['invalid_state', 'Invalid OAuth state. Please try again.'],
    ['oauth_config_error', 'OAuth is not configured properly on the server.'],
    ['oauth_failed', 'OAuth authentication failed. Please try again.'],
    ['email_not_verified', 'Please verify your email before logging in. Check your inbox for the verification link.'],
    ['something_else', 'OAuth authentication failed. Please try again.'],
  ])('explains error=%s and goes to /login', async (code, text) => {
    installFakeApi({});
    const { router } = renderApp(`/auth/callback?error=${code}`);
    expect(await screen.findByText(text)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('explains a missing code and goes to /login', async () => {
    installFakeApi({});
    const { router } = renderApp('/auth/callback');
    expect(await screen.findByText('No token received from OAuth provider')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('never signs in by a token in the address (anyone could send such a link)', async () => {
    const { calls } = installFakeApi({ 'GET /api/auth/me': { body: { user: mallory } } });
    const { router } = renderApp('/auth/callback?token=attackers-token');
    expect(await screen.findByText('No token received from OAuth provider')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.some((call) => call.headers.Authorization === 'Bearer attackers-token')).toBe(false);
  });

  it('trades the one-time code for a session once, stores it and lands on /dashboard', async () => {
    const { calls } = installFakeApi({
      'POST /api/auth/exchange': { body: { token: 'session-token', user: sampleUser } },
      'GET /api/auth/me': { body: { user: sampleUser } },
    });
    const { router } = renderApp('/auth/callback?code=one-time-code');
    expect(await screen.findByText('Successfully signed in!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('session-token');
    const exchanges = calls.filter((call) => call.path === '/api/auth/exchange');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({ code: 'one-time-code' });
  });

  it('explains a refused code and goes to /login', async () => {
    installFakeApi({ 'POST /api/auth/exchange': { status: 400, body: { message: 'expired', code: 'BAD_REQUEST' } } });
    const { router } = renderApp('/auth/callback?code=spent');
    expect(await screen.findByText('OAuth authentication failed. Please try again.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('asks before replacing the session of another signed-in user, and keeps it when told to stay', async () => {
    localStorage.setItem('token', 'ada-token');
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'POST /api/auth/exchange': { body: { token: 'mallory-token', user: mallory } },
    });
    const { router } = renderApp('/auth/callback?code=sent-by-mallory');
    expect(await screen.findByText('You are signed in as ada@example.com. Continue as mallory@example.com?')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('ada-token');
    fireEvent.click(await screen.findByRole('button', { name: 'Stay signed in as ada@example.com' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('ada-token');
  });

  it('switches to the new user when the person confirms', async () => {
    localStorage.setItem('token', 'ada-token');
    installFakeApi({
      'GET /api/auth/me': ({ headers }) => ({
        body: { user: headers.Authorization === 'Bearer ada-token' ? sampleUser : mallory },
      }),
      'POST /api/auth/exchange': { body: { token: 'mallory-token', user: mallory } },
    });
    const { router } = renderApp('/auth/callback?code=mine');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as mallory@example.com' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('mallory-token');
  });

  it('signs the same user in again without asking', async () => {
    localStorage.setItem('token', 'old-token');
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'POST /api/auth/exchange': { body: { token: 'new-token', user: sampleUser } },
    });
    const { router } = renderApp('/auth/callback?code=again');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByText(/You are signed in as/)).toBeNull();
    expect(localStorage.getItem('token')).toBe('new-token');
  });
});
