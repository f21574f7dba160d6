import { Type } from '@sinclair/typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfigOrExit, readConfig, refusePlaceholders } from './env';

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

describe('placeholders at start', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('refusePlaceholders names the variable that holds one', () => {
    expect(() => refusePlaceholders(schema, { SECRET: 'REPLACE_ME_WITH_64_HEX_CHARACTERS' })).toThrowError(
      new ConfigError('Configuration error: SECRET still holds a placeholder (change-me… or REPLACE_ME…); set a real value'),
    );
    expect(() => refusePlaceholders(schema, { SECRET: 'long-enough' })).not.toThrow();
  });

  it('loadConfigOrExit prints that one line and exits 1 before reading the rest', () => {
    vi.stubEnv('SECRET', 'change-me-at-least-32-characters-long');
    vi.stubEnv('PORT', 'not-a-port');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    expect(() => loadConfigOrExit(schema)).toThrowError('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr).toHaveBeenCalledWith(
      'Configuration error: SECRET still holds a placeholder (change-me… or REPLACE_ME…); set a real value\n',
    );
  });

  it('loadConfigOrExit starts on real values', () => {
    vi.stubEnv('SECRET', 'long-enough');
    vi.stubEnv('PORT', '4100');
    expect(loadConfigOrExit(schema)).toEqual({ PORT: 4100, SECRET: 'long-enough', FLAG: false });
  });
});
