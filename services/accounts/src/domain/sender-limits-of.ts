// An account row's sender limits (issue 20): what the user set, and what the sender is held to.
import { effectiveLimits, type SenderLimits, type UpdateSenderLimitsBody } from '@mailwright/contracts';
import type { EmailAccountRow } from '../db/tables';

type LimitColumns = Pick<
  EmailAccountRow,
  'provider' | 'email' | 'smtpHost' | 'limitPerMinute' | 'limitPerDay' | 'limitRecipientsPerDay'
>;

export const providerInfoOf = (row: Pick<EmailAccountRow, 'provider' | 'email' | 'smtpHost'>) => ({
  provider: row.provider,
  email: row.email,
  smtpHost: row.smtpHost,
});

export const limitOverridesOf = (row: LimitColumns): UpdateSenderLimitsBody => ({
  perMinute: row.limitPerMinute,
  perDay: row.limitPerDay,
  recipientsPerDay: row.limitRecipientsPerDay,
});

/** The overrides within the provider's ceiling, else its defaults (an override stored before a host change is clamped). */
export const senderLimitsOf = (row: LimitColumns): SenderLimits => effectiveLimits(providerInfoOf(row), limitOverridesOf(row));
