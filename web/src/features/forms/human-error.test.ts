import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api';
import { humanError } from './human-error';

const validation = (message: string, field?: string) =>
  new ApiError(400, message, { code: 'VALIDATION_ERROR', hasServerMessage: true, field });
const labels = { to: 'To', cc: 'CC', name: 'Name', body: 'Message', url: 'Endpoint URL', port: 'Port' };

describe('humanError', () => {
  it('puts validator sentences in plain words next to their field', () => {
    expect(humanError(validation('to.0 must match format "email"'), 'Failed', labels)).toEqual({
      message: 'Address 1 in To is not a valid email address',
      field: 'to',
      upgrade: false,
    });
    expect(humanError(validation('name must NOT have fewer than 1 characters'), 'Failed', labels)).toEqual({
      message: 'Name is required',
      field: 'name',
      upgrade: false,
    });
    expect(humanError(validation('name must NOT have more than 100 characters'), 'Failed', labels).message).toBe(
      'Name must be at most 100 characters',
    );
    expect(humanError(validation('body is required'), 'Failed', labels)).toMatchObject({
      message: 'Message is required',
      field: 'body',
    });
    expect(humanError(validation('url must match format "uri"'), 'Failed', labels).message).toBe(
      'Endpoint URL must be a full URL, like https://example.com',
    );
    expect(humanError(validation('port must be integer'), 'Failed', labels).message).toBe('Port must be a number');
    expect(humanError(validation('cc must NOT have more than 50 items'), 'Failed', labels).message).toBe(
      'CC can hold at most 50 entries',
    );
  });

  it("keeps a service's own sentence, with the field it names", () => {
    expect(humanError(validation('API key name is required', 'name'), 'Failed', labels)).toEqual({
      message: 'API key name is required',
      field: 'name',
      upgrade: false,
    });
    expect(humanError(validation('subject must not contain control characters'), 'Failed', { subject: 'Subject' })).toEqual({
      message: 'Subject must not contain control characters',
      field: 'subject',
      upgrade: false,
    });
  });

  it('words a validator sentence about a field the form does not show, without placing it', () => {
    expect(humanError(validation('smtpConfig.host must NOT have fewer than 1 characters'), 'Failed', {})).toEqual({
      message: 'Host is required',
      field: undefined,
      upgrade: false,
    });
  });

  it('marks plan limits for an upgrade link', () => {
    const planLimit = new ApiError(403, 'Your plan allows 5 templates.', { code: 'PLAN_LIMIT', hasServerMessage: true });
    expect(humanError(planLimit, 'Failed')).toEqual({ message: 'Your plan allows 5 templates.', upgrade: true });
    const api = new ApiError(403, 'API access is available on the Pro and Enterprise plans.', {
      code: 'API_ACCESS_REQUIRED',
      hasServerMessage: true,
    });
    expect(humanError(api, 'Failed').upgrade).toBe(true);
  });

  it('uses the fallback when the server said nothing', () => {
    expect(humanError(new ApiError(0, 'Network error'), 'Failed to send email')).toEqual({
      message: 'Failed to send email',
      upgrade: false,
    });
    expect(humanError(new Error('x'), 'Failed to send email').message).toBe('Failed to send email');
  });
});
