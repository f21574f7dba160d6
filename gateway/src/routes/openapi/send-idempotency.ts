// The send and batch routes take an Idempotency-Key (mail routes/send.ts, batch-send.ts and resend-compat.ts): a retry
// with the same key and body within 24 hours answers the first answer again, marked `idempotent-replayed: true`, and
// sends nothing;
// the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.
import { MAIL_LIMITS, MAIL_MESSAGES } from '@mailwright/contracts';

type Json = Record<string, unknown>;

/** Public paths of the POST routes that read the header. */
export const IDEMPOTENT_SEND_PATHS: ReadonlySet<string> = new Set([
  '/api/emails/send',
  '/api/emails/api/send',
  '/api/emails/api/batch',
  '/compat/resend/emails',
  '/compat/resend/emails/batch',
]);

export const IDEMPOTENCY_KEY_PARAMETER: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: a request with the same key and the same body within 24 hours is not sent again and answers ' +
    'the first answer (with the `idempotent-replayed: true` header). The same key with a different body answers ' +
    '409 `IDEMPOTENCY_KEY_REUSED`. 1 to 255 printable ASCII characters, e.g. a UUID per email.',
  schema: { type: 'string', minLength: 1, maxLength: MAIL_LIMITS.idempotencyKeyMaxChars, pattern: '^[\\x21-\\x7e]+$' },
  example: 'welcome-ada-2025-01-15',
};

export const REPLAYED_HEADER: Json = {
  description: 'Present (`true`) when this is the stored answer to an earlier request with the same Idempotency-Key',
  schema: { type: 'string', enum: ['true'] },
};

export const IDEMPOTENCY_CONFLICT = { message: MAIL_MESSAGES.idempotencyConflict, code: 'IDEMPOTENCY_KEY_REUSED' } as const;
