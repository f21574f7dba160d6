// The public shape of an account: no secret ever leaves through it.
import type { EmailAccount } from '@mailwright/contracts';
import type { EmailAccountRow } from '../db/tables';
import { accountFeedbackOf } from './account-feedback-of';
import { senderHealthOf } from './sender-health-of';
import { limitOverridesOf, senderLimitsOf } from './sender-limits-of';

export function toEmailAccount(row: EmailAccountRow): EmailAccount {
  const isSmtp = row.provider === 'smtp';
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    provider: row.provider,
    isDefault: row.isDefault,
    smtpConfig: isSmtp
      ? {
          host: row.smtpHost ?? '',
          port: row.smtpPort ?? 0,
          secure: row.smtpSecure ?? false,
          username: row.smtpUsername ?? '',
        }
      : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    limits: senderLimitsOf(row),
    limitOverrides: limitOverridesOf(row),
    health: senderHealthOf(row),
    feedback: accountFeedbackOf(row),
  };
}
