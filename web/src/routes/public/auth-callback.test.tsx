import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('/auth/callback', () => {
  it.each([
    ['invalid_state', 'Invalid OAuth state. Please try again.'],
    ['oauth_config_error', 'OAuth is not configured properly on the server.'],
    ['oauth_failed', 'OAuth authentication failed. Please try again.'],
    ['something_else', 'OAuth authentication failed. Please try again.'],
  ])('explains error=%s and goes to /login', async (code, text) => {
    installFakeApi({});
    const { router } = renderApp(`/auth/callback?error=${code}`);
    expect(await screen.findByText(text)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('explains a missing token and goes to /login', async () => {
    installFakeApi({});
    const { router } = renderApp('/auth/callback');
    expect(await screen.findByText('No token received from OAuth provider')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('stores the token, loads the user and lands on /dashboard', async () => {
    const { calls } = installFakeApi({ 'GET /api/auth/me': { body: { user: sampleUser } } });
    const { router } = renderApp('/auth/callback?token=oauth-token');
    expect(await screen.findByText('Successfully signed in!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('oauth-token');
    expect(calls.find((c) => c.path === '/api/auth/me')?.headers.Authorization).toBe('Bearer oauth-token');
  });
});
