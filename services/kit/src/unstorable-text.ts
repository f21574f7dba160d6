// Postgres refuses some text JavaScript strings can hold (the NUL character \u0000 above all). Reaching the
// database with such input is bad input, not a server fault: the error handler answers 400 with this message.
const SQLSTATES = new Set(['22021', '22P05']);

export const UNSTORABLE_TEXT_MESSAGE =
  'Text must not contain the NUL character (\\u0000) or other characters that cannot be stored';

export function isUnstorableText(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && SQLSTATES.has(code)) return true;
    current = cause;
  }
  return false;
}
