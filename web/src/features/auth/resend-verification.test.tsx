// /login after a sign-in refused for an unverified address: "Resend verification email" asks for a new link for
// the address typed, and shows the server's answer, its 429 included.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { RESEND_VERIFICATION_LABEL } from './resend-verification-button';

const NOT_VERIFIED = 'Please verify your email before logging in. Check your inbox for the verification link.';
const SENT = 'If this address has an account that is not verified yet, a new verification link is on its way. Check your inbox.';
const THROTTLED =
  'A verification email was sent to this address less than a minute ago. Check your inbox, or try again in a minute.';

describe('resend verification email on /login', () => {
  it('appears only after a refusal that requires verification, and shows the answer and the 429', async () => {
    let resends = 0;
    const { calls } = installFakeApi({
      'POST /api/auth/login': {
        status: 403,
        body: { message: NOT_VERIFIED, code: 'EMAIL_NOT_VERIFIED', requiresVerification: true },
      },
      'POST /api/auth/resend-verification': () => {
        resends += 1;
        return resends === 1 ? { body: { message: SENT } } : { status: 429, body: { message: THROTTLED, code: 'RATE_LIMITED' } };
      },
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Email address'), {
      target: { value: 'new@example.com' },
    });
    expect(screen.queryByRole('button', { name: RESEND_VERIFICATION_LABEL })).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const resend = await screen.findByRole('button', { name: RESEND_VERIFICATION_LABEL });
    fireEvent.click(resend);
    expect(await screen.findByText(SENT)).toBeTruthy();
    const call = calls.find((item) => item.path === '/api/auth/resend-verification');
    expect(call?.body).toEqual({ email: 'new@example.com' });
    await waitFor(() => expect((resend as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(resend);
    expect(await screen.findByText(THROTTLED)).toBeTruthy();
  });
});
