// Query strings arrive as text; the TypeBox validator does not coerce, so numbers and booleans are
// converted against the route's schema before validation (a non-number stays text and fails validation).
import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { preValidationHookHandler } from 'fastify';

export function coerceQuery(schema: TObject): preValidationHookHandler {
  return (request, _reply, done) => {
    request.query = Value.Convert(schema, request.query);
    done();
  };
}
