// Every error code the platform answers with, declared once with its HTTP status. Responses carry
// { message, code, ...details }; the web app and the SDK switch on `code`, never on the message text.
export const ERROR_CODES = {
  // The request itself
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  UNSTORABLE_TEXT: 400,
  UNSTORABLE_VALUE: 400,
  ATTACHMENT_INVALID: 400,
  ATTACHMENTS_TOO_MANY: 400,
  ATTACHMENT_URL_FORBIDDEN: 400,
  SMTP_VERIFY_FAILED: 400,
  PAYLOAD_TOO_LARGE: 413,
  ATTACHMENTS_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  ATTACHMENT_FETCH_FAILED: 422,
  // Who is asking
  UNAUTHORIZED: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  API_ACCESS_REQUIRED: 403,
  // Plans and limits
  PLAN_LIMIT: 403,
  QUOTA_EXCEEDED: 429,
  RATE_LIMITED: 429,
  // State
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  ACCOUNT_NEEDS_RECONNECT: 409,
  // The platform
  INTERNAL_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  PAYMENTS_NOT_CONFIGURED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
