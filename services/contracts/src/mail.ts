// Mail: the send payload, the email log, analytics, quota and the time-zone rule (spec sections 3, 4, 5, 7).
import { type Static, Type } from '@sinclair/typebox';
import { EmailAddress } from './common';
import { EmailHold } from './sender-health';

/** Spec section 5: letters, underscore, plus and minus, with up to two slash-separated parts after the first. */
export const TIMEZONE_PATTERN = '^[A-Za-z_+-]+(/[A-Za-z0-9_+-]+){0,2}$';

/** A zone name is valid when it matches the pattern and the runtime's Intl accepts it (aliases like Asia/Calcutta included). */
export function isValidTimeZone(name: string): boolean {
  if (!new RegExp(TIMEZONE_PATTERN).test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const EmailStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('sending'),
  Type.Literal('scheduled'),
  Type.Literal('sent'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
  /** A permanent delivery failure came back from the recipient's server (issue 21): see `bounce`. */
  Type.Literal('bounced'),
  /** Every recipient was on the suppression list: not delivered, not counted against the quota. */
  Type.Literal('suppressed'),
]);
export type EmailStatus = Static<typeof EmailStatus>;

export const MAIL_LIMITS = {
  /** Recipients per field (to, cc, bcc). */
  recipientsMax: 50,
  /** RFC 5322 line length limit. */
  subjectMaxChars: 998,
  bodyMaxChars: 1_048_576,
  idempotencyKeyMaxChars: 255,
  /** How far ahead an email may be scheduled. */
  scheduleMaxDays: 365,
  /** Attachments per email. */
  attachmentsMax: 10,
  /** Decoded bytes of all of an email's attachments together. */
  attachmentsMaxBytes: 10 * 1024 * 1024,
  attachmentFilenameMaxChars: 255,
  /** Emails in one POST /emails/api/batch. */
  batchMax: 100,
  /**
   * Characters a batch's emails may hold together (subjects, bodies, texts), templates filled in: what one request
   * may carry (the 16 MiB body limit), so a batch of template emails is no more work than a batch written out.
   */
  batchContentMaxChars: 16 * 1024 * 1024,
  /** Custom headers per email, and the length of one header's value. */
  headersMax: 50,
  headerValueMaxChars: 998,
  /** Tags per email; a tag's name and value are each at most this long. */
  tagsMax: 50,
  tagMaxChars: 256,
} as const;

/**
 * Headers the platform writes itself: a custom header may not set them (matched case-insensitively; `Content-*`
 * and `List-Unsubscribe*` by prefix).
 */
export const PLATFORM_HEADERS = ['from', 'to', 'cc', 'bcc', 'subject', 'message-id', 'date', 'mime-version', 'reply-to'] as const;
const PLATFORM_HEADER_PREFIXES = ['content-', 'list-unsubscribe', 'x-mailwright-'] as const;

/** Whether a custom header would overwrite one the platform sets. */
export function isPlatformHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    (PLATFORM_HEADERS as readonly string[]).includes(lower) || PLATFORM_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix))
  );
}

/** A header field name (RFC 5322: printable ASCII but the colon). */
export const HEADER_NAME_PATTERN = '^[!-9;-~]{1,76}$';
/** A tag's name or value: ASCII letters, digits, underscores and dashes (Resend's rule). */
export const TAG_PATTERN = `^[A-Za-z0-9_-]{1,${MAIL_LIMITS.tagMaxChars}}$`;

export const EmailTag = Type.Object(
  {
    name: Type.String({ pattern: TAG_PATTERN, maxLength: MAIL_LIMITS.tagMaxChars }),
    value: Type.String({ pattern: TAG_PATTERN, maxLength: MAIL_LIMITS.tagMaxChars }),
  },
  { additionalProperties: false },
);
export type EmailTag = Static<typeof EmailTag>;

/** Extra header fields added to the message as given (see isPlatformHeader for the ones refused). */
export const CustomHeaders = Type.Record(
  Type.String({ pattern: HEADER_NAME_PATTERN }),
  Type.String({ maxLength: MAIL_LIMITS.headerValueMaxChars }),
  { maxProperties: MAIL_LIMITS.headersMax },
);

/**
 * A file sent with the email: either `content` (base64) or `url` (a public https URL the service downloads
 * when the email is accepted). `contentType` defaults to one guessed from the filename.
 */
export const Attachment = Type.Object(
  {
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    content: Type.Optional(Type.String({ description: 'base64 of the file', maxLength: 14_500_000 })),
    url: Type.Optional(Type.String({ maxLength: 2_048, description: 'public https URL to download the file from' })),
    contentType: Type.Optional(Type.String({ maxLength: 255, examples: ['application/pdf'] })),
  },
  {
    additionalProperties: false,
    examples: [{ filename: 'invoice.pdf', content: 'JVBERi0xLjQK', contentType: 'application/pdf' }],
  },
);
export type Attachment = Static<typeof Attachment>;

const Optionalish = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Literal(''), Type.Null()]));

/** Template variable values; null counts as not given. */
const VariableValue = Type.Union([Type.String({ maxLength: 100_000 }), Type.Number(), Type.Boolean(), Type.Null()]);

/**
 * POST /emails/send and POST /emails/api/send. Without templateId, subject and body are required.
 * scheduledAt is an ISO instant; without an offset it is read as wall time in `timezone` (UTC when none).
 * Empty strings and null mean "not given" for the optional fields (the web form sends them).
 */
export const SendEmailBody = Type.Object(
  {
    to: Type.Array(EmailAddress, { minItems: 1, maxItems: MAIL_LIMITS.recipientsMax }),
    cc: Type.Optional(Type.Array(EmailAddress, { maxItems: MAIL_LIMITS.recipientsMax })),
    bcc: Type.Optional(Type.Array(EmailAddress, { maxItems: MAIL_LIMITS.recipientsMax })),
    subject: Type.Optional(Type.String({ maxLength: MAIL_LIMITS.subjectMaxChars })),
    body: Type.Optional(Type.String({ maxLength: MAIL_LIMITS.bodyMaxChars })),
    templateId: Optionalish(Type.String({ maxLength: 64 })),
    emailAccountId: Optionalish(Type.String({ maxLength: 64 })),
    /** A sender pool instead of one account: the account is chosen at delivery time (pro and enterprise). */
    senderPoolId: Optionalish(Type.String({ maxLength: 64 })),
    scheduledAt: Optionalish(Type.String({ maxLength: 64 })),
    timezone: Optionalish(Type.String({ maxLength: 64 })),
    variables: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), VariableValue, { maxProperties: 200 })),
    attachments: Type.Optional(Type.Array(Attachment, { maxItems: 1_000 })),
    /** RFC 8058 one-click unsubscribe: List-Unsubscribe headers on the message (a template may ask for it too). */
    unsubscribe: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    /**
     * The plain-text version. With an HTML body the message is multipart/alternative (HTML and this text);
     * without a body the email is this text alone.
     */
    text: Optionalish(Type.String({ maxLength: MAIL_LIMITS.bodyMaxChars })),
    /** Reply-To addresses. */
    replyTo: Type.Optional(Type.Array(EmailAddress, { maxItems: MAIL_LIMITS.recipientsMax })),
    /** Extra header fields; those the platform sets (From, To, Subject, Message-ID, Content-*, …) are refused. */
    headers: Type.Optional(CustomHeaders),
    /** Labels kept with the email and sent in its webhook events (data.tags); never put in the message. */
    tags: Type.Optional(Type.Array(EmailTag, { maxItems: MAIL_LIMITS.tagsMax })),
  },
  {
    additionalProperties: false,
    examples: [{ to: ['ada@example.com'], subject: 'Welcome', body: '<p>Hello Ada</p>' }],
  },
);
export type SendEmailBody = Static<typeof SendEmailBody>;

export const EmailAnalytics = Type.Object({
  opened: Type.Boolean(),
  openedAt: Type.Union([Type.String(), Type.Null()]),
  clicked: Type.Boolean(),
  clickedAt: Type.Union([Type.String(), Type.Null()]),
  replied: Type.Boolean(),
  repliedAt: Type.Union([Type.String(), Type.Null()]),
});

/** A permanent (5.x.x) failure read back from the sender's mailbox; temporary ones are events only. */
export const EmailBounce = Type.Object({
  type: Type.Literal('hard'),
  /** The enhanced status code, e.g. '5.1.1', or the SMTP reply code when no enhanced one was given. */
  code: Type.Union([Type.String(), Type.Null()]),
  diagnostic: Type.Union([Type.String(), Type.Null()]),
  recipient: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
export type EmailBounce = Static<typeof EmailBounce>;

/** The first reply seen: only these four fields are kept, never the reply's body beyond the snippet. */
export const EmailReply = Type.Object({
  from: Type.String(),
  subject: Type.String(),
  date: Type.String(),
  snippet: Type.String({ description: 'the first 200 characters of the reply text' }),
});
export type EmailReply = Static<typeof EmailReply>;

/** One entry of the email log. `from` is the sender address; `fromName` its display name. */
export const EmailLog = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  from: Type.String(),
  fromName: Type.Union([Type.String(), Type.Null()]),
  to: Type.Array(Type.String()),
  cc: Type.Array(Type.String()),
  bcc: Type.Array(Type.String()),
  subject: Type.String(),
  body: Type.String(),
  status: EmailStatus,
  createdAt: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  scheduledAt: Type.Union([Type.String(), Type.Null()]),
  timezone: Type.Union([Type.String(), Type.Null()]),
  analytics: EmailAnalytics,
  error: Type.Union([Type.String(), Type.Null()]),
  messageId: Type.String(),
  /** The account that sent it (for a pool: the one chosen at delivery; before that, the pool's first). */
  emailAccountId: Type.String(),
  senderPoolId: Type.Union([Type.String(), Type.Null()]),
  templateId: Type.Union([Type.String(), Type.Null()]),
  /** While the email waits for its sender (a limit, a pause): why, and when it is expected to go. */
  hold: Type.Union([EmailHold, Type.Null()]),
  bounce: Type.Union([EmailBounce, Type.Null()]),
  /** Recipients left out because they are on the sender owner's suppression list. */
  suppressed: Type.Array(Type.String()),
  repliedAt: Type.Union([Type.String(), Type.Null()]),
  reply: Type.Union([EmailReply, Type.Null()]),
  /** Whether the message carries RFC 8058 one-click unsubscribe headers. */
  unsubscribe: Type.Boolean(),
  /** The plain-text version sent beside an HTML body, or null. */
  text: Type.Union([Type.String(), Type.Null()]),
  replyTo: Type.Array(Type.String()),
  headers: Type.Record(Type.String(), Type.String()),
  tags: Type.Array(EmailTag),
});
export type EmailLog = Static<typeof EmailLog>;

export const DateQuery = Type.String({ maxLength: 64, description: 'YYYY-MM-DD (whole day, UTC) or an ISO instant' });

/** GET /emails */
export const ListEmailsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  status: Type.Optional(Type.Union([EmailStatus, Type.Literal('')])),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(DateQuery),
  to: Type.Optional(DateQuery),
});
export type ListEmailsQuery = Static<typeof ListEmailsQuery>;

export const Pagination = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});

export const EmailListResponse = Type.Object({ data: Type.Array(EmailLog), pagination: Pagination });
export type EmailListResponse = Static<typeof EmailListResponse>;

/** GET /emails/analytics/stats */
export const StatsQuery = Type.Object({ from: Type.Optional(DateQuery), to: Type.Optional(DateQuery) });
export type StatsQuery = Static<typeof StatsQuery>;

export const StatsSeriesPoint = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  sent: Type.Integer(),
  opened: Type.Integer(),
  clicked: Type.Integer(),
});

/** openRate and clickRate are percentages of sent emails, one decimal. */
export const EmailStats = Type.Object({
  total: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  scheduled: Type.Integer(),
  opened: Type.Integer(),
  clicked: Type.Integer(),
  openRate: Type.Number(),
  clickRate: Type.Number(),
  /** Issue 21, read back from the senders' mailboxes: bounceRate and replyRate are percentages of the emails handed to a provider (sent + bounced), one decimal. */
  bounced: Type.Integer(),
  replied: Type.Integer(),
  unsubscribed: Type.Integer(),
  bounceRate: Type.Number(),
  replyRate: Type.Number(),
  series: Type.Array(StatsSeriesPoint),
});
export type EmailStats = Static<typeof EmailStats>;

/** POST /emails/api/batch: each email is validated on its own; the quota is taken for all valid ones or none. */
export const BatchSendBody = Type.Object(
  {
    emails: Type.Array(Type.Unknown({ description: 'a send payload (same fields as POST /emails/api/send)' }), {
      minItems: 1,
      maxItems: MAIL_LIMITS.batchMax,
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        emails: [
          { to: ['ada@example.com'], subject: 'Hi Ada', body: 'Hello' },
          { to: ['alan@example.com'], subject: 'Hi Alan', body: 'Hello' },
        ],
      },
    ],
  },
);
export type BatchSendBody = Static<typeof BatchSendBody>;

export const BatchItemResult = Type.Union([
  Type.Object({ index: Type.Integer(), status: Type.Literal('accepted'), id: Type.String(), data: EmailLog }),
  Type.Object({
    index: Type.Integer(),
    status: Type.Literal('rejected'),
    error: Type.Object({ message: Type.String(), code: Type.String() }),
  }),
]);
export type BatchItemResult = Static<typeof BatchItemResult>;

/** 207 Multi-Status: one entry per email, in order. `accepted` + `rejected` = number of emails sent. */
export const BatchSendResponse = Type.Object({
  data: Type.Array(BatchItemResult),
  accepted: Type.Integer(),
  rejected: Type.Integer(),
});
export type BatchSendResponse = Static<typeof BatchSendResponse>;

/** GET /internal/quota/:userId (identity's /auth/me shows it as emailQuota). */
export const QuotaUsage = Type.Object({ used: Type.Integer(), limit: Type.Integer({ description: '-1 means unlimited' }) });
export type QuotaUsage = Static<typeof QuotaUsage>;

export const MAIL_MESSAGES = {
  apiAccessRequired: 'API access is available on the Pro and Enterprise plans. Upgrade at /pricing to use the API.',
  onlyScheduledCancellable: 'Only scheduled emails can be cancelled',
  emailNotFound: 'Email not found',
  subjectRequired: 'subject is required',
  bodyRequired: 'body is required',
  headerNotAllowed: (name: string) => `headers.${name}: this header is set by the platform and cannot be given`,
  headerLineBreak: (name: string) => `headers.${name}: header values must not contain line breaks`,
  headerDuplicate: (name: string) => `headers.${name}: the header is given twice (names are case-insensitive)`,
  scheduledInPast: 'scheduledAt must be in the future',
  scheduledTooFar: 'scheduledAt must be within one year',
  scheduledInvalid: 'scheduledAt must be an ISO 8601 date and time',
  timezoneInvalid: 'timezone must be a valid IANA time zone name (for example Asia/Kolkata)',
  headerInjection: 'subject and addresses must not contain line breaks',
  idempotencyConflict: 'This Idempotency-Key was already used with a different request body',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 printable characters',
  linkNotFound: 'Link not found',
  attachmentsTooMany: `At most ${MAIL_LIMITS.attachmentsMax} attachments per email`,
  attachmentsTooLarge: `Attachments may total at most ${MAIL_LIMITS.attachmentsMaxBytes / (1024 * 1024)} MB (decoded)`,
  attachmentSource: 'Each attachment needs exactly one of content (base64) or url',
  attachmentBase64: (filename: string) => `Attachment ${filename}: content is not valid base64`,
  attachmentFilename: 'Attachment filenames must not contain line breaks or path separators',
  attachmentUrlScheme: (filename: string) => `Attachment ${filename}: url must be an absolute https URL`,
  attachmentUrlPrivate: (filename: string) =>
    `Attachment ${filename}: url must point to a public address (loopback, private and link-local addresses are not allowed)`,
  attachmentFetchFailed: (filename: string, reason: string) => `Attachment ${filename}: could not download url (${reason})`,
  batchContentTooLarge: `This email would take the batch past ${MAIL_LIMITS.batchContentMaxChars.toLocaleString('en-US')} characters of content (subjects, bodies and texts, templates filled in): it and the emails after it were not sent. Send them in another batch.`,
  batchQuotaExceeded: (plan: string, limit: number, remaining: number, wanted: number) =>
    `Monthly email limit reached: your ${plan} plan allows ${limit.toLocaleString('en-US')} emails per month and ${remaining.toLocaleString('en-US')} remain, but this batch has ${wanted.toLocaleString('en-US')}. No email of the batch was sent. Upgrade at /pricing for more.`,
} as const;

/** 429 QUOTA_EXCEEDED text, e.g. 'Monthly email limit reached: your free plan allows 100 emails per month. …' */
export function quotaExceededMessage(plan: string, limit: number): string {
  return `Monthly email limit reached: your ${plan} plan allows ${limit.toLocaleString('en-US')} emails per month. Upgrade at /pricing for more.`;
}
