import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api';
import { gmailAccount, smtpAccount } from '../../test/sender-fixtures';
import { describeBound, NOT_A_LIMIT, readLimitsForm, serverLimitErrors } from './limits-form';

describe('readLimitsForm', () => {
  it('turns blank fields into null (the provider default) and figures into numbers', () => {
    expect(readLimitsForm(gmailAccount, { perMinute: ' 30 ', perDay: '', recipientsPerDay: '' })).toEqual({
      body: { perMinute: 30, perDay: null, recipientsPerDay: null },
      errors: null,
    });
  });

  it('refuses anything but a whole number of 1 or more', () => {
    for (const bad of ['0', '-1', '2.5', 'ten']) {
      expect(readLimitsForm(smtpAccount, { perMinute: bad, perDay: '', recipientsPerDay: '' }).errors).toEqual({
        perMinute: NOT_A_LIMIT,
      });
    }
  });

  it("refuses a figure above the provider's ceiling with the server's own message", () => {
    expect(readLimitsForm(gmailAccount, { perMinute: '', perDay: '501', recipientsPerDay: '' }).errors).toEqual({
      perDay: 'perDay may be at most 500 for a Gmail account',
    });
    expect(readLimitsForm(smtpAccount, { perMinute: '100000', perDay: '', recipientsPerDay: '' }).errors).toBeNull();
  });
});

describe('serverLimitErrors', () => {
  const validation = (message: string) => new ApiError(400, message, { code: 'VALIDATION_ERROR', hasServerMessage: true });

  it('puts a 400 naming a field beside that field', () => {
    expect(serverLimitErrors(validation('recipientsPerDay may be at most 10,000 for an Outlook account'))).toEqual({
      recipientsPerDay: 'recipientsPerDay may be at most 10,000 for an Outlook account',
    });
    expect(serverLimitErrors(validation('perDay must be >= 1'))).toEqual({ perDay: 'perDay must be >= 1' });
  });

  it('leaves other failures to the notice', () => {
    expect(serverLimitErrors(validation('Something else'))).toBeNull();
    expect(serverLimitErrors(new ApiError(500, 'perDay broke', { hasServerMessage: true }))).toBeNull();
    expect(serverLimitErrors(new Error('perDay'))).toBeNull();
  });
});

describe('describeBound', () => {
  it('states the default with its unit and the ceiling', () => {
    expect(describeBound(2000, 2000, 'a day')).toBe('Provider default: 2,000 a day · at most 2,000');
    expect(describeBound(null, null, 'a minute')).toBe('Provider default: no limit');
  });
});
