// Emails are compared and stored lower-cased and trimmed.
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
