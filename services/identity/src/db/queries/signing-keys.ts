// Signing key rows: newest active first.
import { desc, eq, sql } from 'drizzle-orm';
import type { IdentityExecutor, IdentityTransaction } from '../client';
import { signingKeys } from '../schema/signing-keys';

export function activeSigningKeys(db: IdentityExecutor) {
  return db.select().from(signingKeys).where(eq(signingKeys.isActive, true)).orderBy(desc(signingKeys.createdAt));
}

/** Serialises first-start key creation across processes (released at commit). */
export async function lockSigningKeys(tx: IdentityTransaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('identity:signing-keys'))`);
}

export async function insertSigningKey(
  tx: IdentityTransaction,
  row: { kid: string; publicJwk: Record<string, unknown>; privateJwkSealed: string },
): Promise<void> {
  await tx.insert(signingKeys).values(row);
}
