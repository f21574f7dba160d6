// Configuration is read once, validated against a TypeBox schema, and handed around as one typed object.
import { type Static, type TObject, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { findPlaceholderVariable } from './placeholder-values';

export class ConfigError extends Error {}

/** Validates `source` (process.env by default) against `schema`, applying defaults and coercing numbers/booleans. */
export function readConfig<S extends TObject>(schema: S, source: Record<string, string | undefined> = process.env): Static<S> {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const raw = source[key];
    if (raw !== undefined && raw !== '') picked[key] = raw;
  }
  const withDefaults = Value.Default(schema, picked);
  const converted = Value.Convert(schema, withDefaults);
  const firstError = Value.Errors(schema, converted).First();
  if (firstError) {
    const name = firstError.path.replace(/^\//, '') || 'configuration';
    const given = picked[name] === undefined ? 'is missing' : `is invalid (${firstError.message})`;
    throw new ConfigError(`Configuration error: ${name} ${given}`);
  }
  return converted as Static<S>;
}

/**
 * readConfig for a process entry point: a bad variable prints one line naming it and exits. `check` adds rules a
 * schema cannot express (it throws a ConfigError naming the variable and what to set).
 */
export function loadConfigOrExit<S extends TObject>(schema: S, check?: (config: Static<S>) => void): Static<S> {
  try {
    refusePlaceholders(schema);
    const config = readConfig(schema);
    check?.(config);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Throws a ConfigError naming the first variable of `schema` that still holds a deployment template's placeholder
 * (`change-me…`, `REPLACE_ME…`, also as a URL's password or an item of a list). Entry points call it through
 * loadConfigOrExit; readConfig alone does not, so tests can check the templates' other values.
 */
export function refusePlaceholders(schema: TObject, source: Record<string, string | undefined> = process.env): void {
  const name = findPlaceholderVariable(Object.keys(schema.properties), source);
  if (name) {
    throw new ConfigError(`Configuration error: ${name} still holds a placeholder (change-me… or REPLACE_ME…); set a real value`);
  }
}

/** Settings every service shares. */
export const baseServiceConfig = {
  HOST: Type.String({ default: '127.0.0.1' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  INTERNAL_SECRET: Type.String({ minLength: 32 }),
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  /** When set, the service's GET /metrics requires `Authorization: Bearer <METRICS_TOKEN>` (set it wherever HOST is not loopback). */
  METRICS_TOKEN: Type.String({ default: '' }),
};

/** The settings of baseServiceConfig as read: every service's Config has them. */
export type BaseServiceConfig = Static<TObject<typeof baseServiceConfig>>;

export const serviceUrls = {
  IDENTITY_URL: Type.String({ default: 'http://127.0.0.1:4001' }),
  ACCOUNTS_URL: Type.String({ default: 'http://127.0.0.1:4002' }),
  TEMPLATES_URL: Type.String({ default: 'http://127.0.0.1:4003' }),
  MAIL_URL: Type.String({ default: 'http://127.0.0.1:4004' }),
  BILLING_URL: Type.String({ default: 'http://127.0.0.1:4005' }),
};

/** How users reach the gateway: links in mails and OAuth redirects point here. */
export const publicUrlConfig = {
  PUBLIC_URL: Type.String({ default: 'http://localhost:8080', pattern: '^https?://' }),
};

export const redisConfig = {
  REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379', pattern: '^rediss?://' }),
};

export const encryptionConfig = {
  ENCRYPTION_KEY: Type.String({ pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$' }),
  /** Comma-separated keys that still open older secrets during a rotation. */
  ENCRYPTION_PREVIOUS_KEYS: Type.String({ default: '' }),
};
