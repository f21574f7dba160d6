import { SENDER_PAUSE_MESSAGES } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { pauseNotice } from './pause-notice';

const PAGE = 'https://app.mailwright.test/email-accounts';

describe('pauseNotice', () => {
  it('names the sender and the reason, says emails are held not lost, and how to resume', () => {
    const notice = pauseNotice(
      'ada@example.com',
      { state: 'paused', reason: 'auth_failed', detail: '535 5.7.8 Bad credentials', since: null, resumesAt: null },
      PAGE,
    );
    expect(notice.subject).toBe('Sending from ada@example.com is paused');
    expect(notice.text).toContain('ada@example.com');
    expect(notice.text).toContain(SENDER_PAUSE_MESSAGES.auth_failed);
    expect(notice.text).toContain('535 5.7.8 Bad credentials');
    expect(notice.text).toContain('held, not lost');
    expect(notice.text).toContain('Resume');
    expect(notice.text).toContain(PAGE);
  });

  it('says when a provider suspension is expected to end', () => {
    const notice = pauseNotice(
      'ada@gmail.com',
      { state: 'paused', reason: 'provider_daily_limit', detail: null, since: null, resumesAt: '2027-01-11T08:00:00.000Z' },
      PAGE,
    );
    expect(notice.text).toContain('2027-01-11T08:00:00.000Z');
    expect(notice.text).toContain(SENDER_PAUSE_MESSAGES.provider_daily_limit);
    expect(notice.text).not.toContain('The provider said');
  });

  it('asks to reconnect a mailbox whose grant was revoked', () => {
    const notice = pauseNotice(
      'grace@outlook.com',
      { state: 'needs_reconnect', reason: 'grant_revoked', detail: null, since: null, resumesAt: null },
      PAGE,
    );
    expect(notice.subject).toBe('Reconnect grace@outlook.com to keep sending');
    expect(notice.text).toContain('Reconnect');
    expect(notice.text).toContain(SENDER_PAUSE_MESSAGES.grant_revoked);
  });
});
