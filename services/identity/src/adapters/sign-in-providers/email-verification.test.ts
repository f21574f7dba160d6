import { describe, expect, it } from 'vitest';
import { googleVerifiesEmail, microsoftVerifiesEmail } from './email-verification';

describe('provider email verification', () => {
  it('takes a Google email as verified only with email_verified true', () => {
    expect(googleVerifiesEmail({ email_verified: true }, 'a@b.co')).toBe(true);
    expect(googleVerifiesEmail({ email_verified: 'true' }, 'a@b.co')).toBe(true);
    expect(googleVerifiesEmail({ email_verified: false }, 'a@b.co')).toBe(false);
    expect(googleVerifiesEmail({}, 'a@b.co')).toBe(false);
  });

  it('does not take a Microsoft email as verified when email_verified is missing', () => {
    expect(microsoftVerifiesEmail({}, 'victim@contoso.com')).toBe(false);
    expect(microsoftVerifiesEmail({ email_verified: true }, 'victim@contoso.com')).toBe(false);
    expect(microsoftVerifiesEmail({ xms_edov: false }, 'victim@contoso.com')).toBe(false);
  });

  it('takes a Microsoft email as verified with xms_edov or when it is a verified primary or secondary email', () => {
    expect(microsoftVerifiesEmail({ xms_edov: true }, 'a@contoso.com')).toBe(true);
    expect(microsoftVerifiesEmail({ xms_edov: 'true' }, 'a@contoso.com')).toBe(true);
    expect(microsoftVerifiesEmail({ verified_primary_email: ['A@Contoso.com'] }, 'a@contoso.com')).toBe(true);
    expect(microsoftVerifiesEmail({ verified_primary_email: 'a@contoso.com' }, 'a@contoso.com')).toBe(true);
    expect(microsoftVerifiesEmail({ verified_secondary_email: ['x@y.z', 'a@contoso.com'] }, 'a@contoso.com')).toBe(true);
    expect(microsoftVerifiesEmail({ verified_primary_email: ['other@contoso.com'] }, 'a@contoso.com')).toBe(false);
  });
});
