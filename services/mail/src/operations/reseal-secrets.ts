// After an ENCRYPTION_KEY rotation (`npm run admin -- secrets reseal`): every webhook signing secret sealed with an
// older key is opened and sealed again with the current one, in one transaction. Secrets already sealed with the
// current key are left alone (idempotent).
import type { ResealCount, SecretBox } from '@mailwright/kit';
import type { MailDatabase } from '../db/client';
import { lockWebhookSecrets, updateWebhookSecret } from '../db/queries/sealed-webhook-secrets';

/** `box` seals with the new key and opens with the old ones too; a secret none of them opens rolls everything back. */
export async function resealMailSecrets(db: MailDatabase, box: SecretBox): Promise<ResealCount> {
  return db.transaction(async (tx) => {
    const count: ResealCount = { resealed: 0, current: 0 };
    for (const row of await lockWebhookSecrets(tx)) {
      const resealed = box.reseal(row.secretSealed, `the signing secret of webhook endpoint ${row.id}`);
      if (resealed === null) {
        count.current += 1;
        continue;
      }
      await updateWebhookSecret(tx, row.id, resealed);
      count.resealed += 1;
    }
    return count;
  });
}
