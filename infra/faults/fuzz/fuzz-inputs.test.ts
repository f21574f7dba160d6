// The fuzz suite's input builders on their own (no stack): a slot missed or a path spelled wrongly here
// would silently shrink what the suite tries.
import { describe, expect, it } from 'vitest';
import { encodedPaths } from './encoded-paths';
import { encodeRaw } from './hostile-values';
import { allStringSlots, baseBody, minimalSample } from './string-slots';

const sendLike = {
  type: 'object',
  required: ['to'],
  properties: {
    to: { type: 'array', items: { type: 'string', format: 'email' }, minItems: 1 },
    subject: { type: 'string' },
    status: { anyOf: [{ const: 'sent' }, { const: 'failed' }] },
    variables: { type: 'object', patternProperties: { '^.*$': { type: 'string' } } },
    attachments: {
      type: 'array',
      items: { type: 'object', required: ['filename'], properties: { filename: { type: 'string' }, size: { type: 'integer' } } },
    },
  },
};

describe('string slots', () => {
  it('finds every place a body can carry text, and none where it cannot', () => {
    const fields = allStringSlots(sendLike, baseBody(sendLike)).map((slot) => slot.field);
    expect(fields.sort()).toEqual(['attachments[0].filename', 'subject', 'to[0]', 'variables.k', 'variables{key}'].sort());
  });

  it('puts the text in a copy of the smallest body, adding the parents the field needs', () => {
    const base = minimalSample(sendLike);
    expect(base).toEqual({ to: ['fuzz@example.test'] });
    const slots = new Map(allStringSlots(sendLike, base).map((slot) => [slot.field, slot]));
    expect(slots.get('attachments[0].filename')?.put(base, '\ud800')).toEqual({
      to: ['fuzz@example.test'],
      attachments: [{ filename: '\ud800' }],
    });
    expect(slots.get('variables{key}')?.put(base, 'a\u0000b')).toEqual({
      to: ['fuzz@example.test'],
      variables: { 'a\u0000b': 'text' },
    });
    expect(base).toEqual({ to: ['fuzz@example.test'] });
  });

  it("reaches inside loosely typed parts through the schema's example", () => {
    const batch = {
      type: 'object',
      properties: { emails: { type: 'array', items: {} } },
      examples: [{ emails: [{ to: ['a@b.test'], subject: 'Hi' }] }],
    };
    const fields = allStringSlots(batch, baseBody(batch)).map((slot) => slot.field);
    expect(fields).toEqual(expect.arrayContaining(['emails[0].to[0]', 'emails[0].subject']));
  });
});

describe('encoded paths', () => {
  it('spells a route with escaped letters, slashes, dot segments, double encoding and NUL', () => {
    const paths = encodedPaths('/api/auth/login').map((variant) => variant.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/%6cogin',
        '/api/%61uth/login',
        '/api/auth%2flogin',
        '/api/auth/%2e%2e/api-keys',
        '/api/auth/%256cogin',
        '/api/auth/login%00',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).not.toContain('/api/auth/login');
  });
});

describe('encodeRaw', () => {
  it('sends a lone surrogate as the bytes a naive encoder emits, where encodeURIComponent throws', () => {
    expect(() => encodeURIComponent('\ud800')).toThrow();
    expect(encodeRaw('\ud800')).toBe('%ED%A0%80');
    expect(encodeRaw('a\u0000b')).toBe('a%00b');
    expect(encodeRaw('+275760-09-13T00:00:00.001Z')).toBe('%2B275760-09-13T00%3A00%3A00.001Z');
  });
});
