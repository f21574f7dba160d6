import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../test/fake-api';
import { renderApp } from '../test/render-app';

describe('route guards', () => {
  it('sends a visitor from a protected page to /login', async () => {
    installFakeApi({});
    const { router } = renderApp('/email-accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('shows a spinner on a protected page while the session loads', async () => {
    localStorage.setItem('token', 'slow');
    installFakeApi({ 'GET /api/auth/me': { hang: true } });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByTestId('session-spinner')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets a signed-in user into a protected page', async () => {
    localStorage.setItem('token', 'good');
    installFakeApi({ 'GET /api/auth/me': { body: { user: sampleUser } } });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByText('Welcome back, Ada Lovelace!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/', '/login', '/signup', '/forgot-password'])('sends a signed-in user from %s to /dashboard', async (path) => {
    localStorage.setItem('token', 'good');
    installFakeApi({ 'GET /api/auth/me': { body: { user: sampleUser } } });
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each(['/docs', '/pricing', '/about', '/contact', '/privacy', '/terms', '/blog'])(
    'shows %s to a signed-in user without redirecting',
    async (path) => {
      localStorage.setItem('token', 'good');
      installFakeApi({ 'GET /api/auth/me': { body: { user: sampleUser } }, 'GET /api/payments/plans': { body: { data: [] } } });
      const { router } = renderApp(path);
      await screen.findByRole('link', { name: 'Dashboard' });
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('shows the fallback page for an unknown address', async () => {
    installFakeApi({});
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeTruthy();
  });
});
