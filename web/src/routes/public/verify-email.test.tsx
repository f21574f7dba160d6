import { fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('says why a used link fails and carries the advice to /login', async () => {
    installFakeApi({
      'GET /api/auth/verify-email/used': {
        status: 400,
        body: { message: 'This verification link has already been used', code: 'BAD_REQUEST', reason: 'used' },
      },
    });
    const { router } = renderApp('/verify-email/used');
    const problem = await screen.findByTestId('link-problem');
    expect(problem.textContent).toBe(
      'This verification link has already been used. If you opened it before, your email is already verified: log in.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect((await screen.findByTestId('link-problem')).textContent).toContain('already been used');
  });

  it('tells how to get a new link when it expired', async () => {
    installFakeApi({
      'GET /api/auth/verify-email/old': {
        status: 400,
        body: { message: 'This verification link has expired', code: 'BAD_REQUEST', reason: 'expired' },
      },
    });
    renderApp('/verify-email/old');
    expect((await screen.findByTestId('link-problem')).textContent).toBe(
      'This verification link has expired. Log in with your email and password and we will send you a new verification link.',
    );
  });
});

describe('/reset-password/:token', () => {
  it('says why the link fails and links to a new one', async () => {
    installFakeApi({
      'POST /api/auth/reset-password/old': {
        status: 400,
        body: { message: 'This password reset link has expired', code: 'BAD_REQUEST', reason: 'expired' },
      },
    });
    renderApp('/reset-password/old');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    const problem = await screen.findByTestId('link-problem');
    expect(problem.textContent).toContain('This password reset link has expired.');
    expect(problem.querySelector('a')?.getAttribute('href')).toBe('/forgot-password');
  });
});
