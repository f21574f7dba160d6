import { readConfig } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from './config';

const required = {
  INTERNAL_SECRET: TEST_INTERNAL_SECRET,
  DATABASE_URL: 'postgres://127.0.0.1/identity',
  ENCRYPTION_KEY: 'a'.repeat(64),
};

describe('password hash cost', () => {
  it('defaults to RFC 9106’s second recommended argon2id option', () => {
    const config = readConfig(ConfigSchema, required);
    expect([config.PASSWORD_HASH_MEMORY_KIB, config.PASSWORD_HASH_ITERATIONS, config.PASSWORD_HASH_PARALLELISM]).toEqual([
      65_536, 3, 4,
    ]);
  });

  it('refuses a cost below OWASP’s minimum, naming the variable', () => {
    expect(() => readConfig(ConfigSchema, { ...required, PASSWORD_HASH_MEMORY_KIB: '4096' })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB is invalid/,
    );
    expect(() => readConfig(ConfigSchema, { ...required, PASSWORD_HASH_ITERATIONS: '1' })).toThrow(
      /PASSWORD_HASH_ITERATIONS is invalid/,
    );
    expect(
      readConfig(ConfigSchema, { ...required, PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_ITERATIONS: '2' }),
    ).toMatchObject({
      PASSWORD_HASH_MEMORY_KIB: 19_456,
      PASSWORD_HASH_ITERATIONS: 2,
    });
  });
});
