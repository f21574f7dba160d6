// The sending-limits editor's rules (issue 20): a blank field is the provider default (null), a figure must
// be a whole number of 1 or more and at most the provider's ceiling (checked with the contracts' own rule,
// so the message is the server's), and a 400 from the server is shown beside the field it names.
import { checkLimitOverrides, providerLimits, type SenderLimitField, type SenderProviderInfo } from '@mailwright/contracts';
import { ApiError, type EmailAccount, type SenderLimits, type UpdateSenderLimitsBody } from '../../api';

export const LIMIT_FIELDS: readonly { field: SenderLimitField; label: string; unit: string }[] = [
  { field: 'perMinute', label: 'Messages per minute', unit: 'a minute' },
  { field: 'perDay', label: 'Messages per day', unit: 'a day' },
  { field: 'recipientsPerDay', label: 'Recipients per day', unit: 'recipients a day' },
];

export type LimitsForm = Record<SenderLimitField, string>;
export type LimitErrors = Partial<Record<SenderLimitField, string>>;

export const NOT_A_LIMIT = 'Enter a whole number of 1 or more, or leave it blank for the provider default';

export function providerInfoOf(account: Pick<EmailAccount, 'provider' | 'email' | 'smtpConfig'>): SenderProviderInfo {
  return { provider: account.provider, email: account.email, smtpHost: account.smtpConfig?.host ?? null };
}

/** The provider's defaults and ceilings for this account (the contracts' table). */
export function limitBounds(account: Pick<EmailAccount, 'provider' | 'email' | 'smtpConfig'>): {
  defaults: SenderLimits;
  ceilings: SenderLimits;
} {
  return providerLimits(providerInfoOf(account));
}

export function initialLimitsForm(account: Pick<EmailAccount, 'limitOverrides'>): LimitsForm {
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  return {
    perMinute: text(account.limitOverrides?.perMinute),
    perDay: text(account.limitOverrides?.perDay),
    recipientsPerDay: text(account.limitOverrides?.recipientsPerDay),
  };
}

/** The body to PUT, or the errors to show beside the fields. */
export function readLimitsForm(
  account: Pick<EmailAccount, 'provider' | 'email' | 'smtpConfig'>,
  form: LimitsForm,
): { body: UpdateSenderLimitsBody; errors: null } | { body: null; errors: LimitErrors } {
  const errors: LimitErrors = {};
  const body: UpdateSenderLimitsBody = { perMinute: null, perDay: null, recipientsPerDay: null };
  for (const { field } of LIMIT_FIELDS) {
    const text = form[field].trim();
    if (text === '') continue;
    if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) errors[field] = NOT_A_LIMIT;
    else body[field] = Number(text);
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const aboveCeiling = checkLimitOverrides(providerInfoOf(account), body);
  if (aboveCeiling) return { body: null, errors: { [aboveCeiling.field]: aboveCeiling.message } };
  return { body, errors: null };
}

/** A 400 VALIDATION_ERROR whose message names one of the fields, as that field's error; null otherwise. */
export function serverLimitErrors(error: unknown): LimitErrors | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR' || !error.hasServerMessage) return null;
  // The longest names first: 'perDay' must not claim a message about 'recipientsPerDay'.
  const byLength = [...LIMIT_FIELDS].sort((a, b) => b.field.length - a.field.length);
  const named = byLength.find(({ field }) => new RegExp(`\\b${field}\\b`).test(error.message));
  return named ? { [named.field]: error.message } : null;
}

/** 'Provider default: 60 a minute · at most 60' or 'Provider default: no limit'. */
export function describeBound(defaultValue: number | null, ceiling: number | null, unit: string): string {
  const fmt = (value: number) => value.toLocaleString('en-US');
  const base = `Provider default: ${defaultValue === null ? 'no limit' : `${fmt(defaultValue)} ${unit}`}`;
  return ceiling === null ? base : `${base} · at most ${fmt(ceiling)}`;
}
