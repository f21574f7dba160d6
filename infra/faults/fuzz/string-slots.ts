// Where a request body can carry text: every string field, array element and dictionary key or value the
// schema allows (found by walking the schema), and every string in the schema's documented example (which
// reaches inside loosely typed parts such as a batch's emails). `baseBody` is the body the text goes into:
// the schema's example, else the smallest plausible body (required fields only, so an unrelated optional
// field such as a made-up templateId cannot end the request before the text is looked at). Each slot puts a
// chosen text at its place in a copy, adding the field's parents.
import fc from 'fast-check';
import type { JsonSchema } from './schema-arbitrary';

type Json = unknown;
type Step = string | number | { key: string };
/** One step down the body and the schema of what is found there (to create it when the sample lacks it). */
type Hop = { step: Step; schema: JsonSchema };

export interface StringSlot {
  /** Where the text goes, e.g. `to[0]`, `variables.k`, `variables{key}`. */
  field: string;
  put(body: Json, text: string): Json;
}

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

function acceptsString(schema: JsonSchema): boolean {
  if (schema.anyOf) return schema.anyOf.some(acceptsString);
  if (schema.const !== undefined || schema.enum) return false;
  const types = typesOf(schema);
  return types.length === 0 || types.includes('string');
}

/** The dictionary's value schema (patternProperties or additionalProperties), when the object is one. */
function dictionaryValues(schema: JsonSchema): JsonSchema | undefined {
  const pattern = Object.values(schema.patternProperties ?? {})[0];
  if (pattern) return pattern;
  const additional = (schema as { additionalProperties?: unknown }).additionalProperties;
  return typeof additional === 'object' && additional !== null ? (additional as JsonSchema) : undefined;
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'email') return 'fuzz@example.test';
  if (schema.format === 'uri') return 'https://example.test/';
  if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (schema.pattern) {
    const [match] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 7 });
    if (match !== undefined) return match;
  }
  return 'text'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Number.POSITIVE_INFINITY);
}

/** The body hostile text is put into: the schema's documented example, else the smallest plausible body. */
export function baseBody(schema: JsonSchema): Json {
  return schema.examples?.[0] !== undefined ? structuredClone(schema.examples[0]) : minimalSample(schema);
}

/** The smallest plausible value: objects with their required fields only, arrays with their minimum of items. */
export function minimalSample(schema: JsonSchema): Json {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    const option = schema.anyOf.find((candidate) => !typesOf(candidate).includes('null')) ?? schema.anyOf[0];
    return option ? minimalSample(option) : null;
  }
  switch (typesOf(schema)[0]) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalSample(schema.items ?? { type: 'string' }));
    case 'object': {
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => required.has(key))
          .map(([key, value]) => [key, minimalSample(value)]),
      );
    }
    default:
      return 'text';
  }
}

function putAt(body: Json, hops: Hop[], text: string): Json {
  const copy = structuredClone(body) as Record<string | number, Json>;
  let parent: Record<string | number, Json> = copy;
  for (const [index, { step, schema }] of hops.entries()) {
    if (typeof step === 'object') {
      // The dictionary key itself: a value under the new key.
      parent[text] = minimalSample(schema);
      return copy;
    }
    if (index === hops.length - 1) {
      parent[step] = text;
      break;
    }
    parent[step] ??= minimalSample(schema);
    // A field that may be text or a container (Resend's `to`: a string or a list) sampled as text: the slot is
    // inside the container, so the container it needs takes its place.
    if (typeof parent[step] !== 'object' || parent[step] === null) {
      parent[step] = typeof hops[index + 1]?.step === 'number' ? [] : {};
    }
    if (Array.isArray(parent[step]) && (parent[step] as Json[]).length === 0) {
      (parent[step] as Json[]).push(minimalSample((hops[index + 1]?.schema as JsonSchema) ?? {}));
    }
    parent = parent[step] as Record<string | number, Json>;
  }
  return copy;
}

const fieldName = (hops: Hop[]) =>
  hops
    .map(({ step }, index) =>
      typeof step === 'number' ? `[${step}]` : typeof step === 'object' ? `{key}` : index === 0 ? step : `.${step}`,
    )
    .join('');

export function stringSlots(schema: JsonSchema, hops: Hop[] = []): StringSlot[] {
  const slot = (at: Hop[]): StringSlot => ({ field: fieldName(at), put: (body, text) => putAt(body, at, text) });
  if (schema.anyOf) {
    const container = schema.anyOf.find((option) => typesOf(option).includes('object') || typesOf(option).includes('array'));
    const nested = container ? stringSlots(container, hops) : [];
    return acceptsString(schema) && hops.length > 0 ? [slot(hops), ...nested] : nested;
  }
  const type = typesOf(schema)[0];
  if (type === 'array') {
    const items = schema.items ?? {};
    return stringSlots(items, [...hops, { step: 0, schema: items }]);
  }
  if (type === 'object') {
    const values = dictionaryValues(schema);
    if (!schema.properties && values) {
      return [
        slot([...hops, { step: { key: 'k' }, schema: values }]),
        ...stringSlots(values, [...hops, { step: 'k', schema: values }]),
      ];
    }
    return Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
      stringSlots(value, [...hops, { step: key, schema: value }]),
    );
  }
  return acceptsString(schema) && hops.length > 0 ? [slot(hops)] : [];
}

/** Every string leaf of a JSON value (the first element of each array), as slots. */
function exampleSlots(value: Json, hops: Hop[] = []): StringSlot[] {
  if (typeof value === 'string' && hops.length > 0) {
    return [{ field: fieldName(hops), put: (body, text) => putAt(body, hops, text) }];
  }
  if (Array.isArray(value)) return value.length ? exampleSlots(value[0], [...hops, { step: 0, schema: {} }]) : [];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => exampleSlots(child, [...hops, { step: key, schema: {} }]));
  }
  return [];
}

/** The schema's slots and the example's, each field once. */
export function allStringSlots(schema: JsonSchema, base: Json): StringSlot[] {
  const byField = new Map<string, StringSlot>();
  for (const slot of [...stringSlots(schema), ...exampleSlots(base)]) if (!byField.has(slot.field)) byField.set(slot.field, slot);
  return [...byField.values()];
}
