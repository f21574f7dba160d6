// Whether an OpenID provider vouches for the email it hands over. Only positive evidence counts: a missing
// claim is "not verified" (an Entra tenant admin can set any email on a user, and Microsoft's userinfo has no
// email_verified at all), so sign-in never links or signs in an existing account by an unproven address.

const isTrue = (value: unknown) => value === true || value === 'true';
const sameAddress = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Google: `email_verified` true. */
export function googleVerifiesEmail(claims: Record<string, unknown>, email: string): boolean {
  return email !== '' && isTrue(claims.email_verified);
}

/**
 * Microsoft: the `xms_edov` optional claim (the email's domain is verified by the tenant), or the email is one
 * of the `verified_primary_email` / `verified_secondary_email` claims (each a string or a list of strings).
 */
export function microsoftVerifiesEmail(claims: Record<string, unknown>, email: string): boolean {
  if (email === '') return false;
  if (isTrue(claims.xms_edov)) return true;
  const listed = [claims.verified_primary_email, claims.verified_secondary_email].flatMap((value) =>
    Array.isArray(value) ? value : [value],
  );
  return listed.some((value) => sameAddress(value, email));
}
