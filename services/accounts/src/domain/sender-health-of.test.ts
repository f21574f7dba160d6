import { ACTIVE_HEALTH } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { ACTIVE_HEALTH_COLUMNS, reportedHealthOf, senderHealthOf } from './sender-health-of';

const NOW = new Date('2027-01-10T12:00:00.000Z');
const active = { status: 'active' as const, ...ACTIVE_HEALTH_COLUMNS };

describe('senderHealthOf', () => {
  it('reads an account without a report as active', () => {
    expect(senderHealthOf(active, NOW)).toEqual(ACTIVE_HEALTH);
  });

  it('reads a revoked grant as needs_reconnect for grant_revoked even when nothing was reported', () => {
    expect(senderHealthOf({ ...active, status: 'needs_reconnect' }, NOW)).toEqual({
      state: 'needs_reconnect',
      reason: 'grant_revoked',
      detail: null,
      since: null,
      resumesAt: null,
    });
    expect(reportedHealthOf({ ...active, status: 'needs_reconnect' }, NOW)).toEqual(ACTIVE_HEALTH);
  });

  it('keeps the reported detail and time of a revoked grant', () => {
    const row = {
      ...active,
      status: 'needs_reconnect' as const,
      healthState: 'needs_reconnect' as const,
      healthReason: 'grant_revoked' as const,
      healthDetail: 'invalid_grant',
      healthSince: new Date('2027-01-10T11:00:00.000Z'),
    };
    expect(senderHealthOf(row, NOW)).toMatchObject({ detail: 'invalid_grant', since: '2027-01-10T11:00:00.000Z' });
  });

  it('reads a pause until a future instant as paused, and as active once that instant has passed', () => {
    const row = {
      ...active,
      healthState: 'paused' as const,
      healthReason: 'provider_daily_limit' as const,
      healthDetail: '550 5.4.5 Daily user sending limit exceeded',
      healthSince: new Date('2027-01-10T10:00:00.000Z'),
      healthResumesAt: new Date('2027-01-10T13:00:00.000Z'),
    };
    expect(senderHealthOf(row, NOW)).toEqual({
      state: 'paused',
      reason: 'provider_daily_limit',
      detail: '550 5.4.5 Daily user sending limit exceeded',
      since: '2027-01-10T10:00:00.000Z',
      resumesAt: '2027-01-10T13:00:00.000Z',
    });
    expect(senderHealthOf(row, new Date('2027-01-10T13:00:00.000Z'))).toEqual(ACTIVE_HEALTH);
  });

  it('reads a pause without resumesAt as paused however long ago it began', () => {
    const row = { ...active, healthState: 'paused' as const, healthReason: 'auth_failed' as const, healthSince: new Date(0) };
    expect(senderHealthOf(row, NOW)).toMatchObject({ state: 'paused', reason: 'auth_failed', resumesAt: null });
  });
});
