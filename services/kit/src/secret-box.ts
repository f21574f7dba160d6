// AES-256-GCM for secrets at rest (SMTP passwords, OAuth refresh tokens, signing keys).
// Each ciphertext names the key it was sealed with, so ENCRYPTION_KEY can rotate: the new key
// seals, the previous keys (ENCRYPTION_PREVIOUS_KEYS) still open old rows until they are resealed.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError } from './errors';

const VERSION = 'v1';

/** Accepts 64 hex characters or base64 of exactly 32 bytes. */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
}

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export class SecretBox {
  private readonly current: { id: string; key: Buffer };
  private readonly keys = new Map<string, Buffer>();

  constructor(currentKey: string, previousKeys: string[] = []) {
    const key = parseEncryptionKey(currentKey);
    this.current = { id: keyIdOf(key), key };
    this.keys.set(this.current.id, key);
    for (const text of previousKeys.filter(Boolean)) {
      const old = parseEncryptionKey(text);
      this.keys.set(keyIdOf(old), old);
    }
  }

  /** Id of the key new ciphertexts are sealed with (stored beside rows to find ones needing rotation). */
  get keyId(): string {
    return this.current.id;
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, this.current.id, iv.toString('base64'), tag.toString('base64'), body.toString('base64')].join(':');
  }

  open(sealed: string): string {
    const [version, keyId, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || !keyId || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`Secret sealed with unknown key ${keyId}`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }

  /** True when `sealed` was not sealed with the current key (and should be resealed). */
  needsRotation(sealed: string): boolean {
    return sealed.split(':')[1] !== this.current.id;
  }

  /**
   * `sealed` sealed again with the current key, or null when it already is (resealing after a rotation is then
   * idempotent). `what` names the secret in the error when no key given opens it.
   */
  reseal(sealed: string, what: string): string | null {
    if (!this.needsRotation(sealed)) return null;
    let plaintext: string;
    try {
      plaintext = this.open(sealed);
    } catch (error) {
      // The caller's mistake (a key missing from the ones given), not a fault: an AppError names what failed.
      throw new AppError('UNPROCESSABLE', `Cannot open ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return this.seal(plaintext);
  }
}

/** What resealing one service's secrets after a rotation did (SecretBox.reseal over every sealed column). */
export interface ResealCount {
  /** Secrets opened with an older key and sealed with the current one. */
  resealed: number;
  /** Secrets already sealed with the current key, left alone. */
  current: number;
}

export interface EncryptionSettings {
  ENCRYPTION_KEY: string;
  /** Comma-separated keys that still open rows sealed before a rotation. */
  ENCRYPTION_PREVIOUS_KEYS?: string;
}

/** The SecretBox a service builds from its configuration. */
export function secretBoxFromConfig(config: EncryptionSettings): SecretBox {
  const previous = (config.ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').map((key) => key.trim());
  return new SecretBox(config.ENCRYPTION_KEY, previous);
}
