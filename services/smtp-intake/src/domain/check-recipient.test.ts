import { SMTP_INTAKE_LIMITS, SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { checkRecipient } from './check-recipient';

describe('checkRecipient', () => {
  it('accepts plain addresses up to the limit', () => {
    expect(() => checkRecipient('a@example.com', 0)).not.toThrow();
    expect(() => checkRecipient('empfänger@example.com', SMTP_INTAKE_LIMITS.recipientsMax - 1)).not.toThrow();
  });

  it('answers 452 4.5.3 past the limit', () => {
    expect(() => checkRecipient('a@example.com', SMTP_INTAKE_LIMITS.recipientsMax)).toThrow(
      SMTP_INTAKE_MESSAGES.tooManyRecipients,
    );
  });

  it('refuses what is not one address with 553', () => {
    for (const address of ['nobody', 'a@b@c', 'a b@c.d', '<a@b.c>', `${'x'.repeat(320)}@e.com`]) {
      expect(() => checkRecipient(address, 0), address).toThrow(/Invalid recipient address/);
    }
  });
});
