// A new ES256 key pair as identity stores it: the public JWK (with its thumbprint as kid) and the private JWK sealed.
import type { SecretBox } from '@mailwright/kit';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';

export const SIGNING_ALGORITHM = 'ES256';

export interface NewSigningKey {
  kid: string;
  publicJwk: Record<string, unknown>;
  privateJwkSealed: string;
}

export async function generateSigningKey(box: SecretBox): Promise<NewSigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    publicJwk: { ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' },
    privateJwkSealed: box.seal(JSON.stringify(await exportJWK(privateKey))),
  };
}
