// Recognises "the database cannot be reached right now" (server down or restarting, connections cut,
// pool timeouts) anywhere in an error's cause chain (drizzle wraps pg errors), so services answer 503
// with a clear message instead of a bare 500 while Postgres restarts.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/** SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash, starting up), 53300 (too many connections). */
const SQLSTATES = /^(08\d{3}|57P0[1-3]|53300)$/;

const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again shortly.';

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((text) => message.includes(text))) return true;
    current = cause;
  }
  return false;
}
