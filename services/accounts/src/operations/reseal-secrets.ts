// After an ENCRYPTION_KEY rotation (`npm run admin -- secrets reseal`): every mailbox secret (SMTP password or OAuth
// refresh token, cached access token, IMAP password) sealed with an older key is opened and sealed again with the
// current one, in one transaction. Secrets already sealed with the current key are left alone (idempotent).
import type { ResealCount, SecretBox } from '@mailwright/kit';
import type { AccountsDatabase } from '../db/client';
import { lockSealedSecrets, updateSealedSecrets } from '../db/queries/sealed-secrets';

/** `box` seals with the new key and opens with the old ones too; a secret none of them opens rolls everything back. */
export async function resealAccountSecrets(db: AccountsDatabase, box: SecretBox): Promise<ResealCount> {
  return db.transaction(async (tx) => {
    const count: ResealCount = { resealed: 0, current: 0 };
    const reseal = (sealed: string | null, what: string): string | undefined => {
      if (sealed === null) return undefined;
      const resealed = box.reseal(sealed, what);
      if (resealed === null) count.current += 1;
      else count.resealed += 1;
      return resealed ?? undefined;
    };
    for (const row of await lockSealedSecrets(tx)) {
      const secretSealed = reseal(row.secretSealed, `the secret of sender account ${row.id}`);
      const accessTokenSealed = reseal(row.accessTokenSealed, `the access token of sender account ${row.id}`);
      const imapPasswordSealed = reseal(row.imapPasswordSealed, `the IMAP password of sender account ${row.id}`);
      const changes = {
        ...(secretSealed ? { secretSealed, secretKeyId: box.keyId } : {}),
        ...(accessTokenSealed ? { accessTokenSealed } : {}),
        ...(imapPasswordSealed ? { imapPasswordSealed } : {}),
      };
      if (Object.keys(changes).length > 0) await updateSealedSecrets(tx, row.id, changes);
    }
    return count;
  });
}
