// Secrets for a local installation, generated once into .data/secrets.json so restarts keep sessions and data readable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  INTERNAL_SECRET: string;
  ENCRYPTION_KEY: string;
  TRACKING_SECRET: string;
}

export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const existing = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>) : {};
  const secrets: LocalSecrets = {
    INTERNAL_SECRET: existing.INTERNAL_SECRET ?? randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: existing.ENCRYPTION_KEY ?? randomBytes(32).toString('hex'),
    TRACKING_SECRET: existing.TRACKING_SECRET ?? randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
