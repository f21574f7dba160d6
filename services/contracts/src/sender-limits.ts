// Per-sender limits (issue 20): each mailbox's provider defaults and ceilings, and the user's overrides within them.
import { type Static, Type } from '@sinclair/typebox';
import type { EmailProvider } from './accounts';

const Limit = Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]);

/** The limits a sender is held to; null = no limit. */
export const SenderLimits = Type.Object({
  perMinute: Limit,
  perDay: Limit,
  recipientsPerDay: Limit,
  concurrency: Limit,
});
export type SenderLimits = Static<typeof SenderLimits>;

/** PUT /api/email-accounts/{id}/limits: null = the provider default; above the provider ceiling → 400. */
export const UpdateSenderLimitsBody = Type.Object(
  { perMinute: Limit, perDay: Limit, recipientsPerDay: Limit },
  { additionalProperties: false },
);
export type UpdateSenderLimitsBody = Static<typeof UpdateSenderLimitsBody>;
export type SenderLimitOverrides = Partial<UpdateSenderLimitsBody>;
export type SenderLimitField = keyof UpdateSenderLimitsBody;
const OVERRIDABLE: readonly SenderLimitField[] = ['perMinute', 'perDay', 'recipientsPerDay'];

export interface SenderProviderInfo {
  provider: EmailProvider;
  email: string;
  /** SMTP accounts only: smtp.gmail.com and smtp.office365.com carry their mailbox provider's limits. */
  smtpHost?: string | null;
}

/** Whether any send-count limit is set (concurrency aside): a sender without one is never counted. */
export const hasSenderLimits = (limits: SenderLimits | null | undefined): limits is SenderLimits =>
  Boolean(limits && (limits.perMinute !== null || limits.perDay !== null || limits.recipientsPerDay !== null));

const NO_LIMITS: SenderLimits = { perMinute: null, perDay: null, recipientsPerDay: null, concurrency: null };
const GMAIL_CONSUMER_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

interface Profile {
  label: string;
  limits: SenderLimits;
}

const OUTLOOK: Profile = {
  label: 'an Outlook account',
  limits: { perMinute: 30, perDay: null, recipientsPerDay: 10_000, concurrency: 4 },
};

function lowerHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

function gmailProfile(email: string): Profile {
  const domain = lowerHost(email.slice(email.lastIndexOf('@') + 1));
  return GMAIL_CONSUMER_DOMAINS.has(domain)
    ? { label: 'a Gmail account', limits: { ...NO_LIMITS, perMinute: 60, perDay: 500 } }
    : { label: 'a Google Workspace account', limits: { ...NO_LIMITS, perMinute: 60, perDay: 2_000 } };
}

function profile(info: SenderProviderInfo): Profile | null {
  if (info.provider === 'gmail') return gmailProfile(info.email);
  if (info.provider === 'outlook') return OUTLOOK;
  const host = info.smtpHost ? lowerHost(info.smtpHost) : '';
  if (host === 'smtp.gmail.com') return { ...gmailProfile(info.email), label: 'an SMTP account on smtp.gmail.com' };
  if (host === 'smtp.office365.com') return { ...OUTLOOK, label: 'an SMTP account on smtp.office365.com' };
  return null;
}

/** The provider's defaults and its own limits (the most an override may ask for); today the two are the same. */
export function providerLimits(info: SenderProviderInfo): { defaults: SenderLimits; ceilings: SenderLimits } {
  const limits = profile(info)?.limits ?? NO_LIMITS;
  return { defaults: { ...limits }, ceilings: { ...limits } };
}

/**
 * The limits to enforce: each override (null/absent = the default), never above the ceiling — an override stored
 * before the account moved to a stricter host is clamped rather than trusted. Concurrency is not overridable.
 */
export function effectiveLimits(info: SenderProviderInfo, overrides: SenderLimitOverrides = {}): SenderLimits {
  const { defaults, ceilings } = providerLimits(info);
  const limits = { ...defaults };
  for (const field of OVERRIDABLE) {
    const wanted = overrides[field];
    if (wanted == null) continue;
    const ceiling = ceilings[field];
    limits[field] = ceiling === null ? wanted : Math.min(wanted, ceiling);
  }
  return limits;
}

export const SENDER_LIMIT_MESSAGES = {
  aboveCeiling: (field: SenderLimitField, ceiling: number, account: string) =>
    `${field} may be at most ${ceiling.toLocaleString('en-US')} for ${account}`,
} as const;

/** The first override above its ceiling, with the 400 message naming the field; null when all fit. */
export function checkLimitOverrides(
  info: SenderProviderInfo,
  overrides: SenderLimitOverrides,
): { field: SenderLimitField; message: string } | null {
  const found = profile(info);
  if (!found) return null;
  for (const field of OVERRIDABLE) {
    const wanted = overrides[field];
    const ceiling = found.limits[field];
    if (wanted != null && ceiling !== null && wanted > ceiling) {
      return { field, message: SENDER_LIMIT_MESSAGES.aboveCeiling(field, ceiling, found.label) };
    }
  }
  return null;
}
