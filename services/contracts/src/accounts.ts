// Sender accounts (SMTP, Gmail, Outlook): what the web app sees, and what the mail worker gets to send with.
import { type Static, Type } from '@sinclair/typebox';
import { EmailAddress, HostName, PortField, ServerCredentials, ServerSignIn } from './common';
import { AccountFeedback } from './feedback';
import { SenderHealth } from './sender-health';
import { SenderLimits, UpdateSenderLimitsBody } from './sender-limits';

export const EmailProvider = Type.Union([Type.Literal('smtp'), Type.Literal('gmail'), Type.Literal('outlook')]);
export type EmailProvider = Static<typeof EmailProvider>;

export const OAuthEmailProvider = Type.Union([Type.Literal('gmail'), Type.Literal('outlook')]);
export type OAuthEmailProvider = Static<typeof OAuthEmailProvider>;

/** 'needs_reconnect' when the provider revoked the OAuth grant: the user must connect the mailbox again. */
export const EmailAccountStatus = Type.Union([Type.Literal('active'), Type.Literal('needs_reconnect')]);
export type EmailAccountStatus = Static<typeof EmailAccountStatus>;

/** SMTP settings as shown to the user; the password is write-only and never part of a response. */
export const SmtpConfig = ServerSignIn;
export type SmtpConfig = Static<typeof SmtpConfig>;

export const EmailAccount = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  provider: EmailProvider,
  isDefault: Type.Boolean(),
  smtpConfig: Type.Union([SmtpConfig, Type.Null()]),
  status: EmailAccountStatus,
  createdAt: Type.String(),
  /** The limits the sender is held to: the user's overrides within the provider's ceiling, else its defaults. */
  limits: SenderLimits,
  /** What the user set with PUT /email-accounts/{id}/limits; null = the provider default. */
  limitOverrides: Type.Object({
    perMinute: UpdateSenderLimitsBody.properties.perMinute,
    perDay: UpdateSenderLimitsBody.properties.perDay,
    recipientsPerDay: UpdateSenderLimitsBody.properties.recipientsPerDay,
  }),
  /** Whether the engine sends through it now: paused or needs_reconnect hold its emails (issue 20). */
  health: SenderHealth,
  /** Reading bounces, complaints and replies back from the mailbox (issue 21). */
  feedback: AccountFeedback,
});
export type EmailAccount = Static<typeof EmailAccount>;

export const DEFAULT_SMTP_PORT = 587;

const DisplayName = Type.String({ maxLength: 200 });
const Username = Type.String({ minLength: 1, maxLength: 320 });

/** POST /email-accounts/smtp (spec section 5: email, host, numeric port, username and password required). */
export const CreateSmtpAccountBody = Type.Object(
  {
    email: EmailAddress,
    displayName: Type.Optional(DisplayName),
    host: HostName,
    port: Type.Optional(PortField),
    secure: Type.Optional(Type.Boolean()),
    username: Username,
    password: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
);
export type CreateSmtpAccountBody = Static<typeof CreateSmtpAccountBody>;

/** PUT /email-accounts/:id: the same form; the email cannot change and an empty password keeps the stored one. */
export const UpdateSmtpAccountBody = Type.Object(
  {
    email: Type.Optional(Type.String({ maxLength: 254 })),
    displayName: Type.Optional(DisplayName),
    host: HostName,
    port: Type.Optional(PortField),
    secure: Type.Optional(Type.Boolean()),
    username: Username,
    password: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateSmtpAccountBody = Static<typeof UpdateSmtpAccountBody>;

/** An SMTP edit that would send the stored password to another host, port or username must carry it again. */
export const PASSWORD_REENTRY_MESSAGE = 'Enter the password again to change the host, port or username';

/**
 * POST /email-accounts/connect-ticket: a single-use, 60-second ticket, set as an HttpOnly cookie for the asking
 * browser only (never in the URL), so that browser can navigate to the OAuth start.
 */
export const ConnectTicketBody = Type.Object({ provider: OAuthEmailProvider }, { additionalProperties: false });
export const ConnectTicket = Type.Object({
  url: Type.String({ description: "Relative URL to navigate to, e.g. '/api/email-accounts/gmail/connect'" }),
  expiresAt: Type.String(),
});
export type ConnectTicket = Static<typeof ConnectTicket>;

/** OAuth outcomes on /email-accounts (?success= / ?error=) and their notices, spec section 8 word for word. */
export const OAUTH_SUCCESS_MESSAGES = {
  gmail_connected: 'Gmail account connected successfully!',
  outlook_connected: 'Outlook account connected successfully!',
} as const;
export const OAUTH_ERROR_MESSAGES = {
  oauth_config_error: 'OAuth configuration error. Please contact support.',
  invalid_state: 'Invalid OAuth state. Please try again.',
  session_expired: 'Session expired. Please try again.',
  no_refresh_token: 'Could not get refresh token. Please ensure you granted all permissions.',
  oauth_failed: 'OAuth connection failed. Please try again.',
} as const;
export const OAUTH_UNKNOWN_ERROR_MESSAGE = 'Failed to connect account';
export type OAuthConnectError = keyof typeof OAUTH_ERROR_MESSAGES | 'plan_limit';

/**
 * POST /internal/accounts/resolve: the account an email is sent from (the given one, the user's account with the
 * given address — the Resend-compatible API's `from` — or the user's default).
 */
export const ResolveAccountBody = Type.Object(
  {
    userId: Type.String({ minLength: 1, maxLength: 64 }),
    accountId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  },
  { additionalProperties: false },
);
export type ResolveAccountBody = Static<typeof ResolveAccountBody>;

export const ResolvedAccount = Type.Object({
  id: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  provider: EmailProvider,
});
export type ResolvedAccount = Static<typeof ResolvedAccount>;

export const NO_EMAIL_ACCOUNT_MESSAGE = 'Add an email account first before sending emails.';

const TransportBase = {
  accountId: Type.String(),
  userId: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  /** The sender's effective limits (issue 20); optional so a worker built before them keeps working. */
  limits: Type.Optional(SenderLimits),
  /** Paused or needs_reconnect: the worker holds the email instead of sending (issue 20). */
  health: Type.Optional(SenderHealth),
};

/**
 * GET /internal/accounts/:accountId/transport: everything the mail worker needs to send as this account.
 * Carries secrets (SMTP password, access token): only ever on the internal network, never logged.
 */
export const Transport = Type.Union([
  Type.Object({
    provider: Type.Literal('smtp'),
    ...TransportBase,
    smtp: ServerCredentials,
  }),
  Type.Object({
    provider: Type.Literal('gmail'),
    ...TransportBase,
    accessToken: Type.String(),
    /** Gmail API base, e.g. https://gmail.googleapis.com (send: POST {apiUrl}/gmail/v1/users/me/messages/send). */
    apiUrl: Type.String(),
  }),
  Type.Object({
    provider: Type.Literal('outlook'),
    ...TransportBase,
    accessToken: Type.String(),
    /** Graph base incl. version, e.g. https://graph.microsoft.com/v1.0 (send: POST {graphUrl}/me/sendMail). */
    graphUrl: Type.String(),
  }),
]);
export type Transport = Static<typeof Transport>;
