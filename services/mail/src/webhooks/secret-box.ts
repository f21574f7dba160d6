// The SecretBox sealing webhook signing secrets: ENCRYPTION_KEY when configured, otherwise a key derived
// from INTERNAL_SECRET (so a mail service without ENCRYPTION_KEY still starts; operators should set it).
import { createHash } from 'node:crypto';
import { SecretBox } from '@mailwright/kit';
import type { Config } from '../config';

export function webhookSecretBox(config: Config): SecretBox {
  const previous = config.ENCRYPTION_PREVIOUS_KEYS.split(',').map((key) => key.trim());
  if (config.ENCRYPTION_KEY) return new SecretBox(config.ENCRYPTION_KEY, previous);
  const derived = createHash('sha256').update(`mailwright-webhook-secrets:${config.INTERNAL_SECRET}`).digest('hex');
  return new SecretBox(derived, previous);
}
