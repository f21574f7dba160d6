// One error vocabulary for every service: AppError(code) maps to an HTTP status; the handler renders { message, code }.
export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  QUOTA_EXCEEDED: 429,
  RATE_LIMITED: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode | (string & {}),
    message: string,
    /** Extra fields merged into the response body, e.g. { requiresVerification: true }. */
    readonly details: Record<string, unknown> = {},
    /** Needed only for codes outside errorStatus (e.g. relayed from another service). */
    statusCode?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode ?? errorStatus[code as ErrorCode] ?? 500;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
