import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './env';

const schema = Type.Object({
  PORT: Type.Integer({ default: 4000, minimum: 1, maximum: 65535 }),
  SECRET: Type.String({ minLength: 8 }),
  FLAG: Type.Boolean({ default: false }),
});

describe('readConfig', () => {
  it('applies defaults and coerces numbers and booleans', () => {
    expect(readConfig(schema, { SECRET: 'long-enough', FLAG: 'true' })).toEqual({
      PORT: 4000,
      SECRET: 'long-enough',
      FLAG: true,
    });
  });

  it('names a missing variable in one line', () => {
    expect(() => readConfig(schema, {})).toThrowError(new ConfigError('Configuration error: SECRET is missing'));
  });

  it('names an invalid variable', () => {
    expect(() => readConfig(schema, { SECRET: 'long-enough', PORT: 'abc' })).toThrowError(/PORT is invalid/);
  });
});
