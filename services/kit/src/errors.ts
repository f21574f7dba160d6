// One error type for every service: the code (declared in contracts with its HTTP status) decides the
// status; the handler renders { message, code, ...details }.
import { ERROR_CODES, type ErrorCode } from '@mailwright/contracts';

export interface AppErrorOptions {
  /** Extra fields merged into the response body, e.g. { requiresVerification: true }. */
  details?: Record<string, unknown>;
  /** Only where the status is not the code's own, e.g. a callee's 4xx relayed as it came. */
  status?: number;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly details: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = options.status ?? ERROR_CODES[code] ?? 500;
    this.details = options.details ?? {};
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
