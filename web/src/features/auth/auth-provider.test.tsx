import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { type AuthContextValue, useAuth } from '.';
import { AuthProvider } from './auth-provider';
import { TOKEN_KEY } from './token-storage';

let session: AuthContextValue;
function Probe() {
  session = useAuth();
  return <p data-testid="status">{`${session.status}:${session.user?.email ?? 'none'}`}</p>;
}
const renderProvider = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );

describe('AuthProvider', () => {
  it('is anonymous at once when no token is stored, without calling the API', () => {
    const { fetchMock } = installFakeApi({});
    renderProvider();
    expect(screen.getByTestId('status').textContent).toBe('anonymous:none');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the current user with the stored token as a bearer header', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    const { calls } = installFakeApi({ 'GET /api/auth/me': { body: { user: sampleUser } } });
    renderProvider();
    expect(screen.getByTestId('status').textContent).toBe('loading:none');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated:ada@example.com'));
    expect(calls[0]?.headers.Authorization).toBe('Bearer stored-token');
  });

  it('logs, removes the token and signs out when the current user cannot be loaded', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired-token');
    installFakeApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Invalid token', code: 'UNAUTHORIZED' } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous:none'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('stores token and user on login and clears both on logout', async () => {
    const { calls } = installFakeApi({ 'POST /api/auth/login': { body: { token: 'fresh-token', user: sampleUser } } });
    renderProvider();
    await act(() => session.login({ email: 'ada@example.com', password: 'secret1', rememberMe: true }));
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'secret1', rememberMe: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
    expect(screen.getByTestId('status').textContent).toBe('authenticated:ada@example.com');
    act(() => session.logout());
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.getByTestId('status').textContent).toBe('anonymous:none');
  });

  it('does not sign in after signup', async () => {
    installFakeApi({ 'POST /api/auth/signup': { status: 201, body: { message: 'created' } } });
    renderProvider();
    await act(() => session.signup({ name: 'Ada', email: 'ada@example.com', password: 'secret1' }));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.getByTestId('status').textContent).toBe('anonymous:none');
  });

  it('keeps the token when the server cannot be reached, and keeps a loaded user on a failed refresh', async () => {
    localStorage.setItem(TOKEN_KEY, 'kept-token');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('anonymous:none'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('kept-token');

    installFakeApi({ 'GET /api/auth/me': { body: { user: sampleUser } } });
    await act(() => session.refreshUser());
    expect(screen.getByTestId('status').textContent).toBe('authenticated:ada@example.com');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await act(() => session.refreshUser().catch(() => undefined));
    expect(screen.getByTestId('status').textContent).toBe('authenticated:ada@example.com');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('kept-token');
  });

  it('keeps the session when a refresh is cut off mid-answer (the page being left aborts its body)', async () => {
    localStorage.setItem(TOKEN_KEY, 'kept-token');
    installFakeApi({ 'GET /api/auth/me': { body: { user: sampleUser } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('authenticated:ada@example.com'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        status: 200,
        text: () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
      })),
    );
    await act(() => session.refreshUser().catch(() => undefined));
    expect(screen.getByTestId('status').textContent).toBe('authenticated:ada@example.com');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('kept-token');
  });
});
