// The SecretBox sealing webhook signing secrets: ENCRYPTION_KEY when configured, otherwise a key derived
// from INTERNAL_SECRET (so a mail service without ENCRYPTION_KEY still starts; operators should set it).
import { createHash } from 'node:crypto';
import { type SecretBox, secretBoxFromConfig } from '@mailwright/kit';
import type { Config } from '../config';

export function webhookSecretBox(config: Config): SecretBox {
  const derived = () => createHash('sha256').update(`mailwright-webhook-secrets:${config.INTERNAL_SECRET}`).digest('hex');
  return secretBoxFromConfig({
    ENCRYPTION_KEY: config.ENCRYPTION_KEY || derived(),
    ENCRYPTION_PREVIOUS_KEYS: config.ENCRYPTION_PREVIOUS_KEYS,
  });
}
