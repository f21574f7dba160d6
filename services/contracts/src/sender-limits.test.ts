import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { checkLimitOverrides, effectiveLimits, providerLimits, SenderLimits, UpdateSenderLimitsBody } from './sender-limits';

const none = { perMinute: null, perDay: null, recipientsPerDay: null, concurrency: null };
const gmail = { ...none, perMinute: 60, perDay: 500 };
const workspace = { ...none, perMinute: 60, perDay: 2_000 };
const outlook = { perMinute: 30, perDay: null, recipientsPerDay: 10_000, concurrency: 4 };

describe('providerLimits', () => {
  it('gives consumer Gmail 500 a day and Google Workspace 2,000, both 60 a minute', () => {
    expect(providerLimits({ provider: 'gmail', email: 'ann@gmail.com' }).defaults).toEqual(gmail);
    expect(providerLimits({ provider: 'gmail', email: 'Ann@GoogleMail.COM' }).defaults).toEqual(gmail);
    expect(providerLimits({ provider: 'gmail', email: 'ann@acme.io' }).defaults).toEqual(workspace);
    expect(providerLimits({ provider: 'gmail', email: 'ann@gmail.com.evil.io' }).defaults).toEqual(workspace);
  });

  it('gives Outlook 30 a minute, 10,000 recipients a day and 4 concurrent sends', () => {
    expect(providerLimits({ provider: 'outlook', email: 'bo@contoso.com' })).toEqual({ defaults: outlook, ceilings: outlook });
  });

  it('gives SMTP no limits, except on smtp.gmail.com and smtp.office365.com', () => {
    expect(providerLimits({ provider: 'smtp', email: 'x@acme.io', smtpHost: 'mail.acme.io' }).defaults).toEqual(none);
    expect(providerLimits({ provider: 'smtp', email: 'x@acme.io' }).ceilings).toEqual(none);
    expect(providerLimits({ provider: 'smtp', email: 'x@gmail.com', smtpHost: 'SMTP.Gmail.com.' }).defaults).toEqual(gmail);
    expect(providerLimits({ provider: 'smtp', email: 'x@acme.io', smtpHost: 'smtp.gmail.com' }).defaults).toEqual(workspace);
    expect(providerLimits({ provider: 'smtp', email: 'x@acme.io', smtpHost: 'smtp.office365.com.' }).ceilings).toEqual(outlook);
    expect(providerLimits({ provider: 'smtp', email: 'x@acme.io', smtpHost: 'smtp.gmail.com.evil.io' }).defaults).toEqual(none);
  });

  it('returns copies the caller may change', () => {
    providerLimits({ provider: 'outlook', email: 'a@b.c' }).defaults.perMinute = 1;
    expect(providerLimits({ provider: 'outlook', email: 'a@b.c' }).defaults.perMinute).toBe(30);
  });
});

describe('effectiveLimits', () => {
  it('takes overrides within the ceiling, null or absent for the default', () => {
    const info = { provider: 'outlook', email: 'a@b.c' } as const;
    expect(effectiveLimits(info, { perMinute: 10, perDay: 700, recipientsPerDay: null })).toEqual({
      ...outlook,
      perMinute: 10,
      perDay: 700,
    });
    expect(effectiveLimits(info)).toEqual(outlook);
  });

  it('clamps an override above the ceiling and takes any override where there is none', () => {
    expect(effectiveLimits({ provider: 'gmail', email: 'a@gmail.com' }, { perDay: 5_000 }).perDay).toBe(500);
    expect(effectiveLimits({ provider: 'smtp', email: 'a@b.c', smtpHost: 'relay.b.c' }, { perMinute: 600 })).toEqual({
      ...none,
      perMinute: 600,
    });
  });
});

describe('checkLimitOverrides', () => {
  it('names the field and the ceiling of the provider', () => {
    expect(checkLimitOverrides({ provider: 'outlook', email: 'a@b.c' }, { perMinute: 31 })).toEqual({
      field: 'perMinute',
      message: 'perMinute may be at most 30 for an Outlook account',
    });
    expect(checkLimitOverrides({ provider: 'outlook', email: 'a@b.c' }, { recipientsPerDay: 10_001 })?.message).toBe(
      'recipientsPerDay may be at most 10,000 for an Outlook account',
    );
    expect(checkLimitOverrides({ provider: 'gmail', email: 'a@gmail.com' }, { perDay: 501 })?.message).toBe(
      'perDay may be at most 500 for a Gmail account',
    );
    expect(checkLimitOverrides({ provider: 'gmail', email: 'a@acme.io' }, { perDay: 2_001 })?.message).toBe(
      'perDay may be at most 2,000 for a Google Workspace account',
    );
    expect(
      checkLimitOverrides({ provider: 'smtp', email: 'a@acme.io', smtpHost: 'smtp.office365.com' }, { perMinute: 60 })?.message,
    ).toBe('perMinute may be at most 30 for an SMTP account on smtp.office365.com');
  });

  it('accepts values at the ceiling, nulls, and anything where there is no ceiling', () => {
    expect(checkLimitOverrides({ provider: 'outlook', email: 'a@b.c' }, { perMinute: 30, perDay: 50_000 })).toBeNull();
    expect(checkLimitOverrides({ provider: 'gmail', email: 'a@gmail.com' }, { perMinute: null, perDay: null })).toBeNull();
    expect(checkLimitOverrides({ provider: 'smtp', email: 'a@b.c', smtpHost: 'relay.b.c' }, { perMinute: 100_000 })).toBeNull();
  });
});

describe('schemas', () => {
  it('takes integers of at least 1 or null, and all three fields', () => {
    expect(Value.Check(UpdateSenderLimitsBody, { perMinute: 10, perDay: null, recipientsPerDay: 1 })).toBe(true);
    expect(Value.Check(UpdateSenderLimitsBody, { perMinute: 0, perDay: null, recipientsPerDay: null })).toBe(false);
    expect(Value.Check(UpdateSenderLimitsBody, { perMinute: 1.5, perDay: null, recipientsPerDay: null })).toBe(false);
    expect(Value.Check(UpdateSenderLimitsBody, { perMinute: null, perDay: null })).toBe(false);
    expect(Value.Check(UpdateSenderLimitsBody, { perMinute: 1, perDay: 1, recipientsPerDay: 1, concurrency: 1 })).toBe(false);
    expect(Value.Check(SenderLimits, outlook)).toBe(true);
  });
});
