// The Resend-compatible API (issue 22): Resend's request and response shapes under /compat/resend, so Resend's
// SDKs work with RESEND_BASE_URL pointed at the gateway, and the one translation of Mailwright's errors into
// Resend's `{ statusCode, message, name }`, used by the mail service and by the gateway for its own answers.
import { type Static, Type } from '@sinclair/typebox';
import type { ErrorCode } from './errors';
import { CustomHeaders, EmailTag, MAIL_LIMITS } from './mail';

export const RESEND_COMPAT_PREFIX = '/compat/resend';

/** A list of addresses or one ("Name <address>" or a bare address). The list comes first: it is the usual form. */
const AddressList = Type.Union([
  Type.Array(Type.String({ maxLength: 320 }), { maxItems: MAIL_LIMITS.recipientsMax }),
  Type.String({ maxLength: 320 }),
]);

export const ResendAttachment = Type.Object(
  {
    content: Type.Optional(Type.String({ description: 'base64 of the file', maxLength: 14_500_000 })),
    filename: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    path: Type.Optional(Type.String({ maxLength: 2_048, description: 'a public https URL the file is downloaded from' })),
    content_type: Type.Optional(Type.String({ maxLength: 255 })),
    content_id: Type.Optional(Type.String({ maxLength: 255, description: 'inline images are not supported' })),
  },
  { additionalProperties: false },
);

/** POST /emails (and each item of POST /emails/batch), in Resend's field names. */
export const ResendSendEmailBody = Type.Object(
  {
    from: Type.String({ maxLength: 320, description: '"Name <address>" or a bare address: one of your sender accounts' }),
    to: AddressList,
    subject: Type.Optional(Type.String({ maxLength: MAIL_LIMITS.subjectMaxChars })),
    cc: Type.Optional(AddressList),
    bcc: Type.Optional(AddressList),
    reply_to: Type.Optional(AddressList),
    html: Type.Optional(Type.String({ maxLength: MAIL_LIMITS.bodyMaxChars })),
    text: Type.Optional(Type.String({ maxLength: MAIL_LIMITS.bodyMaxChars })),
    headers: Type.Optional(CustomHeaders),
    attachments: Type.Optional(Type.Array(ResendAttachment, { maxItems: 1_000 })),
    tags: Type.Optional(Type.Array(EmailTag, { maxItems: MAIL_LIMITS.tagsMax })),
    scheduled_at: Type.Optional(Type.String({ maxLength: 64, description: 'an ISO 8601 instant' })),
    /** A Mailwright template id and its variables, in place of subject/html/text. */
    template: Type.Optional(
      Type.Object(
        {
          id: Type.String({ maxLength: 64 }),
          variables: Type.Optional(
            Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: 100_000 }), Type.Number()]), {
              maxProperties: 200,
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    topic_id: Type.Optional(Type.String({ maxLength: 64, description: 'not supported' })),
  },
  {
    additionalProperties: false,
    examples: [
      {
        from: 'Acme <onboarding@acme.example>',
        to: ['ada@example.com'],
        subject: 'Welcome',
        html: '<p>Hello Ada</p>',
        text: 'Hello Ada',
        tags: [{ name: 'category', value: 'welcome' }],
      },
    ],
  },
);
export type ResendSendEmailBody = Static<typeof ResendSendEmailBody>;

/** POST /emails/batch: up to 100 emails; each is checked on its own (see RESEND_BATCH_VALIDATION_HEADER). */
export const ResendBatchBody = Type.Array(Type.Unknown({ description: 'an email, as POST /emails takes it' }), {
  minItems: 1,
  maxItems: MAIL_LIMITS.batchMax,
});

/** `strict` (the default): one invalid email refuses the batch; `permissive`: the valid ones are sent. */
export const RESEND_BATCH_VALIDATION_HEADER = 'x-batch-validation';

/** PATCH /emails/{id}: a scheduled email's new time. */
export const ResendUpdateEmailBody = Type.Object(
  { scheduled_at: Type.String({ minLength: 1, maxLength: 64, description: 'an ISO 8601 instant' }) },
  { additionalProperties: false },
);
export type ResendUpdateEmailBody = Static<typeof ResendUpdateEmailBody>;

export const ResendIdResponse = Type.Object({ id: Type.String() });

export const ResendEmailObjectId = Type.Object({ object: Type.Literal('email'), id: Type.String() });

export const ResendBatchResponse = Type.Object({
  data: Type.Array(ResendIdResponse),
  /** Only in permissive mode: the emails that were not sent. */
  errors: Type.Optional(Type.Array(Type.Object({ index: Type.Integer(), message: Type.String() }))),
});
export type ResendBatchResponse = Static<typeof ResendBatchResponse>;

export const ResendLastEvent = Type.Union([
  Type.Literal('queued'),
  Type.Literal('scheduled'),
  Type.Literal('sent'),
  Type.Literal('delivered'),
  Type.Literal('bounced'),
  Type.Literal('failed'),
  Type.Literal('canceled'),
  Type.Literal('opened'),
  Type.Literal('clicked'),
  Type.Literal('suppressed'),
]);

/** GET /emails/{id}. */
export const ResendEmail = Type.Object({
  object: Type.Literal('email'),
  id: Type.String(),
  to: Type.Array(Type.String()),
  from: Type.String(),
  created_at: Type.String(),
  subject: Type.String(),
  html: Type.Union([Type.String(), Type.Null()]),
  text: Type.Union([Type.String(), Type.Null()]),
  bcc: Type.Array(Type.String()),
  cc: Type.Array(Type.String()),
  reply_to: Type.Array(Type.String()),
  last_event: ResendLastEvent,
  scheduled_at: Type.Union([Type.String(), Type.Null()]),
  message_id: Type.String(),
  tags: Type.Array(EmailTag),
});
export type ResendEmail = Static<typeof ResendEmail>;

/** Resend's error names (the SDK's RESEND_ERROR_CODE_KEY). */
export const RESEND_ERROR_NAMES = [
  'invalid_idempotency_key',
  'validation_error',
  'missing_api_key',
  'restricted_api_key',
  'invalid_api_key',
  'not_found',
  'method_not_allowed',
  'invalid_idempotent_request',
  'concurrent_idempotent_requests',
  'invalid_attachment',
  'invalid_from_address',
  'invalid_access',
  'invalid_parameter',
  'missing_required_field',
  'monthly_quota_exceeded',
  'daily_quota_exceeded',
  'rate_limit_exceeded',
  'application_error',
  'internal_server_error',
] as const;
export type ResendErrorName = (typeof RESEND_ERROR_NAMES)[number];

export const ResendErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    message: Type.String(),
    name: Type.Unsafe<ResendErrorName>({ type: 'string', enum: [...RESEND_ERROR_NAMES] }),
  },
  { $id: 'ResendErrorBody', description: "Every failure under /compat/resend answers Resend's error shape." },
);
export type ResendErrorBody = Static<typeof ResendErrorBody>;

const isResendErrorName = (value: unknown): value is ResendErrorName =>
  typeof value === 'string' && (RESEND_ERROR_NAMES as readonly string[]).includes(value);

const NAME_OF_CODE: Partial<Record<ErrorCode, ResendErrorName>> = {
  UNAUTHORIZED: 'invalid_api_key',
  API_ACCESS_REQUIRED: 'restricted_api_key',
  NOT_FOUND: 'not_found',
  QUOTA_EXCEEDED: 'monthly_quota_exceeded',
  RATE_LIMITED: 'rate_limit_exceeded',
  IDEMPOTENCY_KEY_REUSED: 'invalid_idempotent_request',
  ATTACHMENT_INVALID: 'invalid_attachment',
  ATTACHMENTS_TOO_MANY: 'invalid_attachment',
  ATTACHMENTS_TOO_LARGE: 'invalid_attachment',
  ATTACHMENT_URL_FORBIDDEN: 'invalid_attachment',
  ATTACHMENT_FETCH_FAILED: 'invalid_attachment',
};

/** The Resend name for a Mailwright error code and status: 5xx are application errors, other 4xx validation errors. */
export function resendErrorName(code: string | undefined, status: number): ResendErrorName {
  const named = code === undefined ? undefined : NAME_OF_CODE[code as ErrorCode];
  if (named) return named;
  if (status >= 500) return 'application_error';
  if (status === 404) return 'not_found';
  if (status === 405) return 'method_not_allowed';
  if (status === 429) return 'rate_limit_exceeded';
  return 'validation_error';
}

/**
 * A Mailwright error answer (`{ message, code, name? }`) in Resend's shape. A `name` already given (a route that
 * knows Resend's finer name, e.g. missing_required_field) wins over the one derived from the code.
 */
export function toResendError(status: number, body: { message?: unknown; code?: unknown; name?: unknown }): ResendErrorBody {
  const message = typeof body.message === 'string' ? body.message : 'Something went wrong';
  const name = isResendErrorName(body.name)
    ? body.name
    : resendErrorName(typeof body.code === 'string' ? body.code : undefined, status);
  return { statusCode: status, message, name };
}

/** Resend resources Mailwright has no counterpart for: they answer 501 in Resend's error shape. */
export const RESEND_UNMAPPED_RESOURCES = [
  'domains',
  'audiences',
  'contacts',
  'broadcasts',
  'api-keys',
  'segments',
  'topics',
  'templates',
  'webhooks',
  'automations',
  'events',
  'inboxes',
  'logs',
  'suppressions',
  'contact-properties',
  'oauth-grants',
  'usage',
] as const;

export const RESEND_MESSAGES = {
  missingApiKey: 'Missing API key in the authorization header. Send your Mailwright API key as `Authorization: Bearer <key>`.',
  invalidApiKey: 'API key is invalid',
  inactiveApiKey: 'This API key is inactive',
  fromInvalid: '`from` must be an email address or "Name <address>"',
  fromUnknown: (address: string) =>
    `\`from\` ${address} is not one of your sender accounts: connect it in Mailwright (Email accounts) or send from one you have`,
  addressInvalid: (field: string, value: string) => `\`${field}\` has an invalid address: ${value.slice(0, 320)}`,
  missingField: (field: string) => `Missing \`${field}\` field.`,
  contentRequired: 'Missing `html` or `text` field (or `template`).',
  templateWithContent: '`template` cannot be combined with `html` or `text`',
  contentIdUnsupported: 'attachments[].content_id: inline attachments are not supported by Mailwright',
  attachmentFilename: 'attachments[]: a `filename` is required when `content` is given',
  topicUnsupported: '`topic_id` is not supported by Mailwright: use the suppression list instead',
  scheduledAtRequired: 'Missing `scheduled_at` field.',
  onlyScheduledUpdatable: 'Only scheduled emails can be rescheduled',
  unmapped: (resource: string) =>
    `Mailwright's Resend-compatible API offers only /emails: /${resource} has no counterpart here. Manage it in Mailwright itself (see /docs, "Migrating from Resend").`,
  unknownRoute: (method: string, path: string) => `Route ${method} ${path} not found`,
} as const;
