import { describe, expect, it } from 'vitest';
import { oauthReturnNotice } from './oauth-return';

const notice = (search: string) => oauthReturnNotice(new URLSearchParams(search));

describe('oauthReturnNotice', () => {
  it('maps the success codes', () => {
    expect(notice('success=gmail_connected')).toEqual({ kind: 'success', message: 'Gmail account connected successfully!' });
    expect(notice('success=outlook_connected')).toEqual({ kind: 'success', message: 'Outlook account connected successfully!' });
  });

  it('maps every known error code and any other to the fallback', () => {
    expect(notice('error=oauth_config_error')?.message).toBe('OAuth configuration error. Please contact support.');
    expect(notice('error=invalid_state')?.message).toBe('Invalid OAuth state. Please try again.');
    expect(notice('error=session_expired')?.message).toBe('Session expired. Please try again.');
    expect(notice('error=no_refresh_token')?.message).toBe(
      'Could not get refresh token. Please ensure you granted all permissions.',
    );
    expect(notice('error=oauth_failed')?.message).toBe('OAuth connection failed. Please try again.');
    expect(notice('error=constructor')).toEqual({ kind: 'error', message: 'Failed to connect account' });
    expect(notice('error=plan_limit')?.message).toBe('Failed to connect account');
  });

  it('says which mailbox was connected to which Mailwright account', () => {
    expect(oauthReturnNotice(new URLSearchParams('success=gmail_connected&mailbox=ada%40gmail.test'), 'me@example.test')).toEqual(
      {
        kind: 'success',
        message: 'Gmail account connected successfully!',
        detail: 'ada@gmail.test is now connected to your Mailwright account me@example.test.',
      },
    );
    expect(notice('success=outlook_connected&mailbox=grace%40outlook.test')?.detail).toBe(
      'grace@outlook.test is now connected to your Mailwright account.',
    );
  });

  it('is silent without parameters', () => {
    expect(notice('')).toBeNull();
  });
});
