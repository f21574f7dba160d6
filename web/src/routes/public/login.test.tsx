import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/login', () => {
  it('shows a handed-over message as a success notice', async () => {
    installFakeApi({});
    renderApp('/login', {
      state: { message: 'Account created! Please check your email to verify your account before logging in.' },
    });
    expect(
      await screen.findAllByText('Account created! Please check your email to verify your account before logging in.'),
    ).toHaveLength(1);
  });

  it('offers Remember me, Forgot password and the three social buttons', async () => {
    installFakeApi({});
    renderApp('/login');
    expect(await screen.findByLabelText('Remember me')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Continue with GitHub' }).getAttribute('href')).toBe('/api/auth/github');
    expect(screen.getByRole('link', { name: 'Continue with Microsoft' }).getAttribute('href')).toBe('/api/auth/microsoft');
  });

  it('signs in and goes to /dashboard', async () => {
    installFakeApi({ 'POST /api/auth/login': { body: { token: 'tok', user: sampleUser } } });
    const { router } = renderApp('/login');
    await screen.findByLabelText('Email address');
    fillAndSubmit();
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it("shows the server's message, or 'Login failed' when there is none", async () => {
    installFakeApi({
      'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password', code: 'UNAUTHORIZED' } },
    });
    renderApp('/login');
    await screen.findByLabelText('Email address');
    fillAndSubmit();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();

    installFakeApi({ 'POST /api/auth/login': { status: 500 } });
    fillAndSubmit();
    expect(await screen.findByText('Login failed')).toBeTruthy();
  });
});
