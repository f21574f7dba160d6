// Every error code the platform answers with, from contracts' ERROR_CODES (each declared once with its status):
// the ErrorCode enum component, whose description is the code → status table, and the ErrorBody that uses it.
import { ERROR_CODES, ErrorBody } from '@mailwright/contracts';
import { plainSchema } from '@mailwright/kit';

type Json = Record<string, unknown>;

const codeTable = () =>
  [
    '| code | HTTP status |',
    '| --- | --- |',
    ...Object.entries(ERROR_CODES).map(([code, status]) => `| \`${code}\` | ${status} |`),
  ].join('\n');

export const ERROR_CODE_SCHEMA: Json = {
  type: 'string',
  enum: Object.keys(ERROR_CODES),
  description: `A stable machine-readable code: switch on it, never on the message. Each code has one HTTP status:\n\n${codeTable()}`,
};

/** contracts' ErrorBody with its code as a reference to the catalogue. */
export function errorBodySchema(): Json {
  const plain = plainSchema(ErrorBody);
  const properties = plain.properties as Record<string, Json>;
  return {
    ...plain,
    properties: {
      ...properties,
      message: { ...properties.message, description: 'A sentence for people' },
      code: { $ref: '#/components/schemas/ErrorCode' },
      requiresVerification: { ...properties.requiresVerification, description: 'The account must verify its email first' },
      field: { ...properties.field, description: 'The request field the error is about, where there is one' },
    },
  };
}

/** The codes a status can carry, for a response's description: "`CONFLICT`, `IDEMPOTENCY_KEY_REUSED`". */
export function codesWithStatus(status: number): string[] {
  return Object.entries(ERROR_CODES)
    .filter(([, codeStatus]) => codeStatus === status)
    .map(([code]) => code);
}
