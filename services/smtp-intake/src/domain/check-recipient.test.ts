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

  it('refuses a NUL or any control character, and quotes the address back without them', () => {
    for (const address of ['a\u0000@b.c', 'a@b.c\u0000', '\u0001a@b.c', 'a\u001b@b.c', 'a@b.c\u007f', 'a@b\u0085.c']) {
      expect(() => checkRecipient(address, 0), JSON.stringify(address)).toThrow(/Invalid recipient address/);
    }
    expect(() => checkRecipient('a\u0000\u001b[2J@b.c', 0)).toThrow('Invalid recipient address: a??[2J@b.c');
  });
});
