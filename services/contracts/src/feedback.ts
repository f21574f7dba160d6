// Mailbox feedback (issue 21): the mail worker reads each sender's own mailbox (Gmail API history, Graph
// Inbox delta, IMAP) for bounces, complaints and replies to the emails it sent. Accounts owns the opt-in,
// the IMAP settings and the state shown on the account; mail owns the read cursor and what it finds.
import { type Static, Type } from '@sinclair/typebox';
import { HostName, PortField, ServerCredentials, ServerSignIn } from './common';

/**
 * off: reading is not enabled. pending: enabled, not read yet. reading: the last read succeeded.
 * needs_reconnect: the OAuth grant lacks the read scope (connected with send only): reconnect to read.
 * error: the last read failed (`error` says why); the worker keeps trying at a slower pace.
 */
export const FeedbackState = Type.Union([
  Type.Literal('off'),
  Type.Literal('pending'),
  Type.Literal('reading'),
  Type.Literal('needs_reconnect'),
  Type.Literal('error'),
]);
export type FeedbackState = Static<typeof FeedbackState>;

/** IMAP settings as shown; the password is write-only. null = the SMTP host on port 993 (TLS) with the SMTP sign-in. */
export const ImapSettings = ServerSignIn;
export type ImapSettings = Static<typeof ImapSettings>;

export const DEFAULT_IMAP_PORT = 993;

/** The account's `feedback` field. */
export const AccountFeedback = Type.Object({
  enabled: Type.Boolean(),
  state: FeedbackState,
  lastCheckedAt: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  /** SMTP accounts only: the IMAP settings the user set, or null for the defaults. */
  imap: Type.Union([ImapSettings, Type.Null()]),
});
export type AccountFeedback = Static<typeof AccountFeedback>;

/**
 * PUT /email-accounts/:id/feedback. `imap` (SMTP accounts only): null goes back to the defaults; a password
 * left out keeps the stored one (or the SMTP password when none is stored).
 */
export const UpdateFeedbackBody = Type.Object(
  {
    enabled: Type.Boolean(),
    imap: Type.Optional(
      Type.Union([
        Type.Object(
          {
            host: HostName,
            port: Type.Optional(PortField),
            secure: Type.Optional(Type.Boolean()),
            username: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
            password: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ enabled: true }, { enabled: true, imap: { host: 'imap.example.com', port: 993 } }],
  },
);
export type UpdateFeedbackBody = Static<typeof UpdateFeedbackBody>;

export const FEEDBACK_MESSAGES = {
  imapOnlyForSmtp: 'imap settings apply only to SMTP accounts',
  gmailNeedsReadScope:
    'Reconnect this Gmail account to let Mailwright read bounces and replies (it was connected with send access only).',
  outlookNeedsReadScope:
    'Reconnect this Outlook account to let Mailwright read bounces and replies (it was connected with send access only).',
} as const;

/** GET /internal/mailbox-readers (mail worker → accounts): accounts whose mailbox is read, in id order. */
export const MailboxReadersQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 500 })),
});
export type MailboxReadersQuery = Static<typeof MailboxReadersQuery>;

export const MailboxReaderEntry = Type.Object({
  accountId: Type.String(),
  userId: Type.String(),
  provider: Type.Union([Type.Literal('smtp'), Type.Literal('gmail'), Type.Literal('outlook')]),
  /** Changes when the opt-in or the IMAP settings change: the worker starts a fresh cursor. */
  generation: Type.String(),
});
export type MailboxReaderEntry = Static<typeof MailboxReaderEntry>;

const MailboxAccessBase = {
  accountId: Type.String(),
  userId: Type.String(),
  email: Type.String(),
  generation: Type.String(),
};

/**
 * GET /internal/accounts/:accountId/mailbox: how to read this account's mailbox. Carries secrets: internal
 * network only, never logged. 409 ACCOUNT_NEEDS_RECONNECT when the grant cannot read; 404 when reading is off.
 */
export const MailboxAccess = Type.Union([
  Type.Object({
    provider: Type.Literal('smtp'),
    ...MailboxAccessBase,
    imap: ServerCredentials,
  }),
  Type.Object({
    provider: Type.Literal('gmail'),
    ...MailboxAccessBase,
    accessToken: Type.String(),
    /** Gmail API base, e.g. https://gmail.googleapis.com. */
    apiUrl: Type.String(),
  }),
  Type.Object({
    provider: Type.Literal('outlook'),
    ...MailboxAccessBase,
    accessToken: Type.String(),
    /** Graph base incl. version, e.g. https://graph.microsoft.com/v1.0. */
    graphUrl: Type.String(),
  }),
]);
export type MailboxAccess = Static<typeof MailboxAccess>;

/** POST /internal/accounts/:accountId/feedback-state (mail worker → accounts): what the last read found. */
export const ReportFeedbackStateBody = Type.Object(
  {
    generation: Type.String({ maxLength: 64 }),
    state: Type.Union([Type.Literal('reading'), Type.Literal('error'), Type.Literal('needs_reconnect')]),
    checkedAt: Type.String({ format: 'date-time' }),
    error: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ReportFeedbackStateBody = Static<typeof ReportFeedbackStateBody>;

/** OAuth scopes that let the worker read the mailbox (asked for on every new connection). */
export const GMAIL_READ_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
export const OUTLOOK_READ_SCOPE = 'Mail.Read';
