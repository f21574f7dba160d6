import { FEEDBACK_MESSAGES } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import type { EmailAccountRow } from '../db/tables';
import { accountFeedbackOf } from './account-feedback-of';

const GMAIL_READ = 'https://www.googleapis.com/auth/gmail.readonly';

const row = (overrides: Partial<EmailAccountRow> = {}) =>
  ({
    provider: 'smtp',
    feedbackEnabled: true,
    feedbackState: 'pending',
    feedbackCheckedAt: null,
    feedbackError: null,
    grantedScopes: null,
    imapHost: null,
    imapPort: null,
    imapSecure: null,
    imapUsername: null,
    smtpUsername: 'smtp-user',
    status: 'active',
    healthState: 'active',
    healthReason: null,
    healthDetail: null,
    healthSince: null,
    healthResumesAt: null,
    ...overrides,
  }) as EmailAccountRow;

describe('accountFeedbackOf', () => {
  it('reads off when not enabled, whatever was reported', () => {
    expect(accountFeedbackOf(row({ feedbackEnabled: false, feedbackState: 'error', feedbackError: 'x' }))).toEqual({
      enabled: false,
      state: 'off',
      lastCheckedAt: null,
      error: null,
      imap: null,
    });
  });

  it('shows what the worker reported for an enabled account', () => {
    const checkedAt = new Date('2026-11-25T10:00:00Z');
    expect(
      accountFeedbackOf(row({ feedbackState: 'error', feedbackError: 'login failed', feedbackCheckedAt: checkedAt })),
    ).toEqual({
      enabled: true,
      state: 'error',
      lastCheckedAt: '2026-11-25T10:00:00.000Z',
      error: 'login failed',
      imap: null,
    });
  });

  it('needs a reconnect for an OAuth grant without the read scope, or recorded before scopes were', () => {
    for (const grantedScopes of [null, ['https://www.googleapis.com/auth/gmail.send']]) {
      expect(accountFeedbackOf(row({ provider: 'gmail', grantedScopes }))).toMatchObject({
        state: 'needs_reconnect',
        error: FEEDBACK_MESSAGES.gmailNeedsReadScope,
      });
    }
    expect(accountFeedbackOf(row({ provider: 'outlook', grantedScopes: ['Mail.Send'] }))).toMatchObject({
      state: 'needs_reconnect',
      error: FEEDBACK_MESSAGES.outlookNeedsReadScope,
    });
    expect(accountFeedbackOf(row({ provider: 'gmail', grantedScopes: [GMAIL_READ] })).state).toBe('pending');
    expect(accountFeedbackOf(row({ provider: 'outlook', grantedScopes: ['https://graph.microsoft.com/Mail.Read'] })).state).toBe(
      'pending',
    );
  });

  it('needs a reconnect while the sender does (a revoked grant)', () => {
    const revoked = row({ provider: 'gmail', grantedScopes: [GMAIL_READ], status: 'needs_reconnect', feedbackState: 'reading' });
    expect(accountFeedbackOf(revoked)).toMatchObject({ state: 'needs_reconnect', error: null });
  });

  it('shows set IMAP settings with the SMTP username standing in for a missing one, never for OAuth', () => {
    expect(accountFeedbackOf(row({ imapHost: 'imap.example.com', imapPort: 143, imapSecure: false })).imap).toEqual({
      host: 'imap.example.com',
      port: 143,
      secure: false,
      username: 'smtp-user',
    });
    expect(accountFeedbackOf(row({ provider: 'gmail', imapHost: 'imap.example.com' })).imap).toBeNull();
  });
});
