// The refusal of a mailed link that no longer works, with the reason (used, expired, unknown) as `reason`
// so the web app can say why and offer the right way to get a new link.
import { AppError } from '@mailwright/kit';
import type { IdentityExecutor } from '../db/client';
import { type EmailTokenFailure, emailTokenFailure } from '../db/queries/email-tokens';
import type { EmailTokenPurpose } from '../db/schema/email-tokens';
import { hashSecret } from './secret-tokens';

export const LINK_FAILURE_MESSAGES: Record<EmailTokenPurpose, Record<EmailTokenFailure, string>> = {
  verify_email: {
    used: 'This verification link has already been used',
    expired: 'This verification link has expired',
    unknown: 'This verification link is invalid or has expired',
  },
  reset_password: {
    used: 'This password reset link has already been used',
    expired: 'This password reset link has expired',
    unknown: 'This password reset link is invalid or has expired',
  },
};

export async function linkFailure(db: IdentityExecutor, token: string, purpose: EmailTokenPurpose): Promise<AppError> {
  const reason = await emailTokenFailure(db, hashSecret(token), purpose);
  return new AppError('BAD_REQUEST', LINK_FAILURE_MESSAGES[purpose][reason], { details: { reason } });
}
