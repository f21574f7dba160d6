// Reading the deployment files the way their tools do: compose with ${VAR} interpolation, YAML with
// merge keys, and each process's real configuration schema to check the environment it is given.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '@mailwright/kit';
import type { TObject } from '@sinclair/typebox';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { GatewayConfigSchema } from '../../../gateway/src/config';
import { ConfigSchema as AccountsConfig } from '../../../services/accounts/src/config';
import { ConfigSchema as BillingConfig } from '../../../services/billing/src/config';
import { ConfigSchema as IdentityConfig } from '../../../services/identity/src/config';
import { ConfigSchema as MailConfig } from '../../../services/mail/src/config';
import { ConfigSchema as SmtpIntakeConfig } from '../../../services/smtp-intake/src/config';
import { ConfigSchema as TemplatesConfig } from '../../../services/templates/src/config';
import { EdgeConfigSchema } from '../../edge/edge-config';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const readRepoFile = (relative: string) => readFileSync(path.join(repoRoot, relative), 'utf8');

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$. */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (match, name, colon, op, arg) => {
    if (match === '$$') return '$';
    const value = env[name as string];
    const isUnset = value === undefined || (colon === ':' && value === '');
    if (op === '-') return isUnset ? (arg as string) : (value as string);
    if (op === '?') {
      if (isUnset) throw new Error(`required variable ${name} is missing a value: ${arg}`);
      return value as string;
    }
    return value ?? '';
  });
}

export function parseCompose(env: Record<string, string | undefined>): ComposeFile {
  return parseYaml(interpolate(readRepoFile('docker-compose.yml'), env), { merge: true }) as ComposeFile;
}

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  expose?: string[];
  container_name?: string;
  restart?: string;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

export interface ComposeFile {
  name: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: manifests are checked structurally by the tests
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};

export function readManifests(relative: string): K8sObject[] {
  return parseAllDocuments(readRepoFile(relative))
    .map((document) => {
      if (document.errors.length) throw new Error(`${relative}: ${document.errors[0]?.message}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

/** Each process's configuration schema (the worker reads the mail service's). */
export const configSchemas: Record<string, TObject> = {
  gateway: GatewayConfigSchema,
  identity: IdentityConfig,
  accounts: AccountsConfig,
  templates: TemplatesConfig,
  mail: MailConfig,
  billing: BillingConfig,
  'mail-worker': MailConfig,
  'smtp-intake': SmtpIntakeConfig,
  edge: EdgeConfigSchema,
};

/** Validates `env` with the process's real schema; returns the parsed config or throws its one-line error. */
export function checkConfig(process: string, env: Record<string, string | undefined>): Record<string, unknown> {
  const schema = configSchemas[process];
  if (!schema) throw new Error(`no config schema for ${process}`);
  return readConfig(schema, env) as Record<string, unknown>;
}

/** Secrets in the shape the processes demand, standing in for the placeholders. */
export const sampleSecrets = {
  POSTGRES_PASSWORD: 'a1b2c3d4e5f6',
  INTERNAL_SECRET: 'f'.repeat(64),
  ENCRYPTION_KEY: 'e'.repeat(64),
  DATABASE_URL: 'postgres://mailwright:a1b2c3d4e5f6@db.internal:5432/mailwright',
  REDIS_URL: 'redis://redis.internal:6379',
};
