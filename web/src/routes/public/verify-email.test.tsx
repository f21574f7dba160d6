import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('/verify-email/:token', () => {
  it('verifies once (even under StrictMode) and goes to /login after 2 seconds', async () => {
    const { calls } = installFakeApi({ 'GET /api/auth/verify-email/abc123': { body: { message: 'ok' } } });
    const { router } = renderApp('/verify-email/abc123');
    expect(await screen.findAllByText('Email verified successfully!')).not.toHaveLength(0);
    expect(calls.filter((c) => c.path === '/api/auth/verify-email/abc123')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/verify-email/abc123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
  });

  it("says 'Verification failed' for a bad token", async () => {
    installFakeApi({
      'GET /api/auth/verify-email/bad': { status: 400, body: { message: 'Invalid or expired token', code: 'BAD' } },
    });
    renderApp('/verify-email/bad');
    expect(await screen.findAllByText('Verification failed')).not.toHaveLength(0);
  });
});
