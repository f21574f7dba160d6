// A plausible example value for a JSON schema: its own examples/default/const first, then by type and format.
type Schema = Record<string, unknown>;

const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'ada@example.com',
  'date-time': '2025-01-15T09:30:00.000Z',
  date: '2025-01-15',
  uri: 'https://example.com',
  uuid: '3f1c2b9e-8a4d-4f6e-9b1a-2c3d4e5f6a7b',
};

const NAME_EXAMPLES: Record<string, unknown> = {
  _id: '3f1c2b9e-8a4d-4f6e-9b1a-2c3d4e5f6a7b',
  id: '3f1c2b9e-8a4d-4f6e-9b1a-2c3d4e5f6a7b',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  subject: 'Welcome aboard',
  body: '<p>Hello Ada</p>',
  from: 'team@example.com',
  url: 'https://example.com/hooks/mailwright',
  message: 'Something went wrong',
  createdAt: '2025-01-15T09:30:00.000Z',
  updatedAt: '2025-01-15T09:30:00.000Z',
};

/** The format's or the field name's example when the schema's pattern and lengths allow it, else a plain word. */
function stringExample(schema: Schema, name?: string): string {
  const candidates = [
    typeof schema.format === 'string' ? FORMAT_EXAMPLES[schema.format] : undefined,
    name && typeof NAME_EXAMPLES[name] === 'string' ? (NAME_EXAMPLES[name] as string) : undefined,
    'string',
    'example-value-0123456789',
  ];
  const fits = (value: string) =>
    (typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value)) &&
    value.length >= ((schema.minLength as number | undefined) ?? 0) &&
    value.length <= ((schema.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY);
  return candidates.find((value): value is string => value !== undefined && fits(value)) ?? 'string';
}

export function exampleFor(schema: Schema | undefined, name?: string, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices?.length) {
    const nonNull = choices.find((choice) => choice.type !== 'null') ?? choices[0];
    return exampleFor(nonNull, name, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => exampleFor(part, name, depth + 1) as object));
  }
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const entries = Object.entries(properties).filter(([key]) => required.has(key) || Object.keys(properties).length <= 6);
      return Object.fromEntries(entries.map(([key, property]) => [key, exampleFor(property, key, depth + 1)]));
    }
    case 'array': {
      const item = exampleFor(schema.items as Schema | undefined, name, depth + 1);
      if (item === null) return typeof schema.minItems === 'number' && schema.minItems > 0 ? [{}] : [];
      return [item];
    }
    case 'string':
      return stringExample(schema, name);
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return name && NAME_EXAMPLES[name] !== undefined ? NAME_EXAMPLES[name] : null;
  }
}
