// fast-check arbitraries from the contracts' TypeBox (JSON Schema) objects: valid bodies, and bodies broken
// in one way each (wrong type, missing field, extra field, huge string, deep nesting, CR/LF header
// injection, NUL and lone surrogates).
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  examples?: unknown[];
}

type Json = unknown;

const short = (max: number | undefined, cap: number) => Math.min(max ?? cap, cap);

export function validArbitrary(schema: JsonSchema): fc.Arbitrary<Json> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validArbitrary));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 254));
      if (schema.format === 'uri') return fc.webUrl();
      if (schema.pattern)
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length <= (schema.maxLength ?? 1e9) && s.length >= (schema.minLength ?? 0));
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, short(schema.maxLength, 40)) });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validArbitrary(schema.items) : fc.jsonValue({ maxDepth: 2 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, short(schema.maxItems, 3)),
      });
    case 'object': {
      if (schema.properties) {
        const required = schema.required ?? [];
        const shape = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, validArbitrary(value)]));
        return fc.record(shape, { requiredKeys: required });
      }
      const values = Object.values(schema.patternProperties ?? {})[0];
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 10 }),
        values ? validArbitrary(values) : fc.jsonValue({ maxDepth: 1 }),
        {
          maxKeys: 3,
        },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The JSON types a schema accepts (empty = anything). */
function acceptedTypes(schema: JsonSchema): Set<string> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...acceptedTypes(s)]));
  if (schema.const !== undefined) return new Set([schema.const === null ? 'null' : typeof schema.const]);
  if (!schema.type) return new Set();
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return new Set(types.flatMap((t) => (t === 'integer' ? ['number'] : [t])));
}

const samplesByType: Record<string, Json[]> = {
  string: ['text', '', '0'],
  number: [0, -1, 1.5, 1e308],
  boolean: [true, false],
  null: [null],
  array: [[], [1, 'a'], [{}]],
  object: [{}, { a: 1 }, { $ne: null }],
};

export type Mutation =
  | { kind: 'wrong-type'; body: Json }
  | { kind: 'missing-field'; body: Json }
  | { kind: 'extra-field'; body: Json }
  | { kind: 'huge-string'; body: Json }
  | { kind: 'deep-nesting'; raw: string }
  | { kind: 'header-injection'; body: Json }
  | { kind: 'control-chars'; body: Json }
  | { kind: 'not-an-object'; body: Json };

/** Those must be refused with a 4xx; the others may be accepted when the server cleans them up. */
export const mustBeRefused = new Set<Mutation['kind']>([
  'wrong-type',
  'missing-field',
  'extra-field',
  'huge-string',
  'deep-nesting',
  'not-an-object',
]);

export const INJECTED_HEADER = 'X-Injected-By-Fuzz';
export const INJECTED_RECIPIENT = 'injected@evil.test';

const injections = [
  `\r\n${INJECTED_HEADER}: yes`,
  `\nBcc: ${INJECTED_RECIPIENT}`,
  `\r\nBcc: ${INJECTED_RECIPIENT}\r\n${INJECTED_HEADER}: yes`,
  `%0d%0a${INJECTED_HEADER}: yes`,
  `\r\n\r\n<html>${INJECTED_HEADER}</html>`,
];

export function mutationArbitrary(schema: JsonSchema): fc.Arbitrary<Mutation> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const required = schema.required ?? [];
  const stringKeys = keys.filter((key) => acceptedTypes(properties[key] as JsonSchema).has('string'));
  const hugeKeys = stringKeys.filter((key) => (properties[key]?.maxLength ?? Number.POSITIVE_INFINITY) < 200_000);
  const typedKeys = keys.filter((key) => acceptedTypes(properties[key] as JsonSchema).size > 0);
  const valid = validArbitrary(schema) as fc.Arbitrary<Record<string, Json>>;
  const options: Array<fc.Arbitrary<Mutation>> = [
    fc.tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })).map(([body, key, value]) => ({
      kind: 'extra-field' as const,
      body: { ...body, [`zz_${key}`]: value },
    })),
    fc.integer({ min: 2_000, max: 120_000 }).map((depth) => ({
      kind: 'deep-nesting' as const,
      raw: `{"${keys[0] ?? 'a'}":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    })),
    fc.constantFrom<Json>([], 'text', 42, null, true, [{}]).map((body) => ({ kind: 'not-an-object' as const, body })),
  ];
  if (typedKeys.length) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...typedKeys), fc.nat()).map(([body, key, pick]) => {
        const accepted = acceptedTypes(properties[key] as JsonSchema);
        const wrong = Object.entries(samplesByType)
          .filter(([type]) => !accepted.has(type))
          .flatMap(([, samples]) => samples);
        const value = wrong[pick % wrong.length];
        return { kind: 'wrong-type' as const, body: { ...body, [key]: value } };
      }),
    );
  }
  if (required.length) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([body, key]) => {
        const copy = { ...body };
        delete copy[key];
        return { kind: 'missing-field' as const, body: copy };
      }),
    );
  }
  if (hugeKeys.length) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...hugeKeys), fc.integer({ min: 200_000, max: 3_000_000 })).map(([body, key, length]) => ({
        kind: 'huge-string' as const,
        body: { ...body, [key]: 'x'.repeat(length) },
      })),
    );
  }
  const listKeys = keys.filter(
    (key) => properties[key]?.items && acceptedTypes(properties[key]?.items as JsonSchema).has('string'),
  );
  if (listKeys.length) {
    // Addresses in to/cc/bcc: the injection rides on an otherwise plausible address.
    options.push(
      fc.tuple(valid, fc.constantFrom(...listKeys), fc.constantFrom(...injections)).map(([body, key, injection]) => ({
        kind: 'header-injection' as const,
        body: { ...body, [key]: [`someone@example.test${injection}`] },
      })),
    );
  }
  if (stringKeys.length) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...stringKeys), fc.constantFrom(...injections)).map(([body, key, injection]) => ({
        kind: 'header-injection' as const,
        body: { ...body, [key]: `${typeof body[key] === 'string' ? body[key] : 'value'}${injection}` },
      })),
      fc
        .tuple(
          valid,
          fc.constantFrom(...stringKeys),
          fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '\udfff x', '\uffff', '\u202e'),
        )
        .map(([body, key, bad]) => ({
          kind: 'control-chars' as const,
          body: { ...body, [key]: `${typeof body[key] === 'string' ? body[key] : ''}${bad}` },
        })),
    );
  }
  return fc.oneof(...options);
}
