// The sealed columns of sender mailboxes, for resealing after an ENCRYPTION_KEY rotation.
import { asc, eq } from 'drizzle-orm';
import type { AccountsTransaction } from '../client';
import { emailAccounts } from '../tables';

export interface SealedAccountSecrets {
  id: string;
  secretSealed: string;
  accessTokenSealed: string | null;
  imapPasswordSealed: string | null;
}

/** Every mailbox's sealed secrets, locked until the transaction ends (a token refresh waits instead of racing). */
export function lockSealedSecrets(tx: AccountsTransaction): Promise<SealedAccountSecrets[]> {
  return tx
    .select({
      id: emailAccounts.id,
      secretSealed: emailAccounts.secretSealed,
      accessTokenSealed: emailAccounts.accessTokenSealed,
      imapPasswordSealed: emailAccounts.imapPasswordSealed,
    })
    .from(emailAccounts)
    .orderBy(asc(emailAccounts.id))
    .for('update');
}

export async function updateSealedSecrets(
  tx: AccountsTransaction,
  id: string,
  changes: Partial<Omit<SealedAccountSecrets, 'id'>> & { secretKeyId?: string },
): Promise<void> {
  await tx.update(emailAccounts).set(changes).where(eq(emailAccounts.id, id));
}
