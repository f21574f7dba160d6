// Text Postgres cannot store (NUL, and UTF-16 surrogate halves without their pair) is refused at the door of
// every service: a preValidation hook checks the parsed body, query and params before any handler, batch or
// statement sees them, and answers 400 naming the field. One pass over the input (an explicit stack, so a
// deeply nested body cannot overflow the call stack), each string checked by two native linear scans.
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

declare global {
  interface String {
    /** ES2024 (Node 20+): false when the string holds a surrogate half without its pair. */
    isWellFormed(): boolean;
  }
}

// Measured on a 100 KB body: ~0.02 ms for ASCII, ~0.3 ms with thousands of emoji; a /[\0\p{Cs}]/u regex
// took 0.1 ms and 1 ms, a charCodeAt loop 0.7 ms and 0.9 ms.
export const isStorableText = (text: string) => text.indexOf('\0') === -1 && text.isWellFormed();

export const unstorableFieldMessage = (field: string) => `${field} must not contain unpaired surrogates or NUL characters`;

// Parsed JSON, query strings and route params are plain objects and arrays (whatever their prototype: Fastify's
// query and params objects have their own); a raw body (Buffer, stream) is not text to check.
const isWalkable = (value: object) => !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * The dotted path ('to.0', 'variables.name') of the first string in `value` that cannot be stored, `part` when
 * `value` itself is such a string, or undefined when everything can be stored.
 */
export function findUnstorableText(value: unknown, part: string): string | undefined {
  const stack: Array<[value: unknown, path: string]> = [[value, '']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path || part;
      continue;
    }
    if (current === null || typeof current !== 'object' || !isWalkable(current)) continue;
    for (const key of Object.keys(current)) {
      if (!isStorableText(key)) return path ? `a field name in ${path}` : `a field name in ${part}`;
      stack.push([(current as Record<string, unknown>)[key], path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

export function refuseUnstorableInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      findUnstorableText(request.params, 'params') ??
      findUnstorableText(request.query, 'query') ??
      findUnstorableText(request.body, 'body');
    if (field !== undefined) throw new AppError('VALIDATION_ERROR', unstorableFieldMessage(field));
  });
}
