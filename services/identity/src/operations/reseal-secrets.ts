// After an ENCRYPTION_KEY rotation (`npm run admin -- secrets reseal`): every signing key's private half sealed with
// an older key is opened and sealed again with the current one, in one transaction. A secret already sealed with
// the current key is left alone, so running it twice changes nothing.
import type { ResealCount, SecretBox } from '@mailwright/kit';
import type { IdentityDatabase } from '../db/client';
import { allSigningKeys, lockSigningKeys, updateSealedPrivateJwk } from '../db/queries/signing-keys';

/** `box` seals with the new key and opens with the old ones too; a secret none of them opens rolls everything back. */
export async function resealIdentitySecrets(db: IdentityDatabase, box: SecretBox): Promise<ResealCount> {
  return db.transaction(async (tx) => {
    await lockSigningKeys(tx);
    const count: ResealCount = { resealed: 0, current: 0 };
    for (const row of await allSigningKeys(tx)) {
      const resealed = box.reseal(row.privateJwkSealed, `the private half of signing key ${row.kid}`);
      if (resealed === null) {
        count.current += 1;
        continue;
      }
      await updateSealedPrivateJwk(tx, row.kid, resealed);
      count.resealed += 1;
    }
    return count;
  });
}
