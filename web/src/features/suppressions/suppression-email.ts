// What the Add address dialog accepts before asking the server (which checks the address again): one
// address, no spaces, a local part and a domain with a dot, at most 254 characters.
export const EMAIL_MAX_CHARS = 254;

export function suppressionEmailError(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Enter an email address';
  if (email.length > EMAIL_MAX_CHARS) return `An email address has at most ${EMAIL_MAX_CHARS} characters`;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const isValid =
    at > 0 &&
    !/\s/.test(email) &&
    !local.includes('@') &&
    domain.includes('.') &&
    !domain.startsWith('.') &&
    !domain.endsWith('.');
  return isValid ? null : 'Enter a valid email address, like name@example.com';
}
