import { describe, expect, it } from 'vitest';
import type { NewEmail } from '../db/queries/insert-email';
import { withoutSuppressed } from './recipient-suppressions';

const email = (recipients: Pick<NewEmail, 'to' | 'cc' | 'bcc'>, status: NewEmail['status'] = 'queued') =>
  ({ ...recipients, status, suppressed: [] }) as unknown as NewEmail;

describe('withoutSuppressed', () => {
  it('is the email itself when nobody is listed', () => {
    const given = email({ to: ['a@example.net'], cc: [], bcc: [] });
    expect(withoutSuppressed(given, [])).toBe(given);
  });

  it('leaves listed recipients out of every list and records each spelling once, in order', () => {
    const given = email({ to: ['Keep@example.net', 'GONE@example.net'], cc: ['gone@example.net'], bcc: ['gone@example.net'] });
    expect(withoutSuppressed(given, ['gone@example.net'])).toMatchObject({
      status: 'queued',
      to: ['Keep@example.net'],
      cc: [],
      bcc: [],
      suppressed: ['GONE@example.net', 'gone@example.net'],
    });
  });

  it('marks an email for listed recipients only as suppressed, keeping whom it was for (a scheduled one too)', () => {
    const given = email({ to: [' Gone@example.net'], cc: ['other@example.net'], bcc: [] }, 'scheduled');
    expect(withoutSuppressed(given, ['gone@example.net', 'other@example.net'])).toMatchObject({
      status: 'suppressed',
      to: [' Gone@example.net'],
      cc: ['other@example.net'],
      suppressed: [' Gone@example.net', 'other@example.net'],
    });
  });
});
