// Sender health and holds (issue 20): a sender account the provider refuses (authentication failing, a revoked
// grant, a suspension) is paused instead of failing its emails, and an email that cannot go now is held with
// its reason and the time it is expected to go.
import { type Static, Type } from '@sinclair/typebox';
import { SenderLimits } from './sender-limits';

export const SenderHealthState = Type.Union([Type.Literal('active'), Type.Literal('paused'), Type.Literal('needs_reconnect')]);
export type SenderHealthState = Static<typeof SenderHealthState>;

/** Why a sender was paused. */
export const SenderPauseReason = Type.Union([
  Type.Literal('auth_failed'),
  Type.Literal('grant_revoked'),
  Type.Literal('provider_rate_limited'),
  Type.Literal('provider_daily_limit'),
]);
export type SenderPauseReason = Static<typeof SenderPauseReason>;

/** `since`/`resumesAt` are ISO instants; resumesAt null = until the owner edits, reconnects or resumes it. */
export const SenderHealth = Type.Object({
  state: SenderHealthState,
  reason: Type.Union([SenderPauseReason, Type.Null()]),
  /** The provider's words for it, shown beside the badge. */
  detail: Type.Union([Type.String(), Type.Null()]),
  since: Type.Union([Type.String(), Type.Null()]),
  resumesAt: Type.Union([Type.String(), Type.Null()]),
});
export type SenderHealth = Static<typeof SenderHealth>;

export const ACTIVE_HEALTH: SenderHealth = { state: 'active', reason: null, detail: null, since: null, resumesAt: null };

export const SENDER_PAUSE_MESSAGES: Record<SenderPauseReason, string> = {
  auth_failed: 'Paused: the server refused the sign-in several times in a row. Check the credentials and save the account.',
  grant_revoked: 'Needs reconnecting: the mailbox owner revoked access or the authorisation expired.',
  provider_rate_limited: 'Paused: the provider asked us to slow down. Sending resumes automatically.',
  provider_daily_limit: "Paused: the provider's daily sending limit was reached. Sending resumes automatically.",
};

/**
 * POST /internal/accounts/:accountId/health (mail worker → accounts): pause a sender. needs_reconnect for a
 * revoked grant; paused with resumesAt for a provider's suspension, without for failing authentication.
 */
export const ReportSenderHealthBody = Type.Object(
  {
    state: Type.Union([Type.Literal('paused'), Type.Literal('needs_reconnect')]),
    reason: SenderPauseReason,
    detail: Type.Optional(Type.String({ maxLength: 1000 })),
    resumesAt: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ReportSenderHealthBody = Static<typeof ReportSenderHealthBody>;

/** Its answer: `changed` only for the report that moved the sender from active (the webhook goes out once). */
export const SenderHealthReport = Type.Object({
  changed: Type.Boolean(),
  health: SenderHealth,
  userId: Type.String(),
  email: Type.String(),
});
export type SenderHealthReport = Static<typeof SenderHealthReport>;

export const HoldReason = Type.Union([
  Type.Literal('sender_minute_limit'),
  Type.Literal('sender_day_limit'),
  Type.Literal('sender_paused'),
  Type.Literal('sender_busy'),
]);
export type HoldReason = Static<typeof HoldReason>;

/** On an email that waits for its sender: `until` is when it is expected to go (null: when the sender resumes). */
export const EmailHold = Type.Object({
  reason: HoldReason,
  until: Type.Union([Type.String(), Type.Null()]),
});
export type EmailHold = Static<typeof EmailHold>;

export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  sender_minute_limit: "Held: the sender's per-minute limit",
  sender_day_limit: "Held: the sender's daily limit",
  sender_paused: 'Held: the sender is paused',
  sender_busy: 'Held: the sender is busy',
};

/**
 * GET /api/email-accounts/{id}/usage. minute and day count messages (rolling 60 s and 24 h windows); day.resetsAt
 * is when the oldest counted send leaves the day; held counts this sender's emails waiting on it now.
 */
export const SenderUsage = Type.Object({
  minute: Type.Object({ used: Type.Integer(), limit: Type.Union([Type.Integer(), Type.Null()]) }),
  day: Type.Object({
    used: Type.Integer(),
    limit: Type.Union([Type.Integer(), Type.Null()]),
    resetsAt: Type.Union([Type.String(), Type.Null()]),
  }),
  recipientsToday: Type.Integer(),
  recipientsPerDay: Type.Union([Type.Integer(), Type.Null()]),
  held: Type.Integer(),
});
export type SenderUsage = Static<typeof SenderUsage>;

/** POST /internal/senders/:accountId/usage (accounts → mail): the limits to report usage against. */
export const SenderUsageQueryBody = Type.Object(SenderLimits.properties, { additionalProperties: false });
export type SenderUsageQueryBody = Static<typeof SenderUsageQueryBody>;

/** POST /internal/senders/:accountId/resumed (accounts → mail): the owner resumed it; held emails go now. */
export const SenderResumedBody = Type.Object(
  { userId: Type.String({ minLength: 1, maxLength: 64 }), email: Type.String({ maxLength: 320 }) },
  { additionalProperties: false },
);
export type SenderResumedBody = Static<typeof SenderResumedBody>;
