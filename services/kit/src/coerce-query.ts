// Query strings arrive as text; the TypeBox validator does not coerce, so numbers and booleans are converted
// against the route's schema before validation. Only plain decimal text becomes a number ('0x10', '1e400', ' 7'
// and, for integers, '1.5' stay text and fail validation with a 400 naming the parameter): a general converter
// would read hex, exponents and Infinity, and silently answer something other than what was asked.
import type { TObject, TSchema } from '@sinclair/typebox';
import type { preValidationHookHandler } from 'fastify';

const INTEGER = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d{1,15}(?:\.\d{1,15})?$/;

function convert(schema: TSchema, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (schema.type === 'integer') return INTEGER.test(value) ? Number(value) : value;
  if (schema.type === 'number') return DECIMAL.test(value) ? Number(value) : value;
  if (schema.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

export function coerceQuery(schema: TObject): preValidationHookHandler {
  const properties = Object.entries(schema.properties);
  return (request, _reply, done) => {
    const query = { ...(request.query as Record<string, unknown>) };
    for (const [name, property] of properties) {
      if (name in query) query[name] = convert(property, query[name]);
    }
    request.query = query;
    done();
  };
}
