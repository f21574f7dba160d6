// Where the operator CLI finds the platform: the same variables the services read (DATABASE_URL, REDIS_URL,
// ENCRYPTION_KEY, ENCRYPTION_PREVIOUS_KEYS, QUEUE_PREFIX), validated by kit's config reader, with `npm start`'s
// defaults when they are unset: the local Postgres (or the embedded one `npm start` runs), the local Redis, and
// the secrets `npm start` generated into .data/secrets.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { encryptionConfig, readConfig, redisConfig } from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';
import { canConnect, LOCAL_POSTGRES_URL, withDatabase } from '../launcher/postgres';
import { UsageError } from './usage-error';

const AdminConfigSchema = Type.Object({
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  ...redisConfig,
  ENCRYPTION_KEY: Type.Optional(encryptionConfig.ENCRYPTION_KEY),
  ENCRYPTION_PREVIOUS_KEYS: encryptionConfig.ENCRYPTION_PREVIOUS_KEYS,
  /** The mail service's BullMQ key prefix (its QUEUE_PREFIX). */
  QUEUE_PREFIX: Type.String({ default: 'mailwright', pattern: '^[A-Za-z0-9_.:-]+$' }),
});

export type AdminConfig = Static<typeof AdminConfigSchema>;

/** The Postgres `npm start` embeds when none is reachable (infra/launcher/postgres.ts). */
const EMBEDDED_POSTGRES_URL = 'postgres://postgres:postgres@127.0.0.1:54329/postgres';

/** The configuration from `env`, ENCRYPTION_KEY from `<dataDir>/secrets.json` when the environment has none. */
export function readAdminConfig(env: Record<string, string | undefined>, dataDir: string): AdminConfig {
  const source = { ...env };
  if (!source.ENCRYPTION_KEY) {
    const file = path.join(dataDir, 'secrets.json');
    if (existsSync(file))
      source.ENCRYPTION_KEY = (JSON.parse(readFileSync(file, 'utf8')) as { ENCRYPTION_KEY?: string }).ENCRYPTION_KEY;
  }
  return readConfig(AdminConfigSchema, source);
}

/** DATABASE_URL, else the `mailwright` database on the local or the embedded Postgres, whichever answers. */
export async function resolveDatabaseUrl(config: AdminConfig): Promise<string> {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  for (const server of [LOCAL_POSTGRES_URL, EMBEDDED_POSTGRES_URL]) {
    if (await canConnect(server, 1_500)) return withDatabase(server, 'mailwright');
  }
  throw new UsageError(
    'Configuration error: DATABASE_URL is not set and no PostgreSQL answers at 127.0.0.1:5432 (or 54329, npm start’s embedded one)',
  );
}
