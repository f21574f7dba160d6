// Change-password checks made before calling the server (spec section 5), and who may change one.
import { OAUTH_ONLY_PASSWORD_MESSAGE } from '@mailwright/contracts';
import type { User } from '../../api';

export const MIN_PASSWORD_LENGTH = 6;
export { OAUTH_ONLY_PASSWORD_MESSAGE };

export function passwordChangeError(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return 'New passwords do not match';
  if (newPassword.length < MIN_PASSWORD_LENGTH) return `New password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return null;
}

/** OAuth-only accounts (signed up through a provider, no password of their own) cannot change a password. */
export function canChangePassword(user: Pick<User, 'oauthProviders' | 'hasPassword'>): boolean {
  return user.oauthProviders.length === 0 || user.hasPassword;
}
