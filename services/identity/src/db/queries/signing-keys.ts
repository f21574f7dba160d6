// Signing key rows: the published ones (the JWKS), the rotation's writes (publish next, activate, retire).
import { and, desc, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { IdentityExecutor, IdentityTransaction } from '../client';
import { type SigningKeyRow, signingKeys } from '../schema/signing-keys';

/** Every key in the JWKS, newest first. */
export function publishedSigningKeys(db: IdentityExecutor): Promise<SigningKeyRow[]> {
  return db.select().from(signingKeys).where(eq(signingKeys.isActive, true)).orderBy(desc(signingKeys.createdAt));
}

/** Every key ever made, retired ones included, newest first (for the operator's status). */
export function allSigningKeys(db: IdentityExecutor): Promise<SigningKeyRow[]> {
  return db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
}

/** Serialises key creation and rotation across processes (released at commit). */
export async function lockSigningKeys(tx: IdentityTransaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('identity:signing-keys'))`);
}

export async function insertSigningKey(
  tx: IdentityTransaction,
  row: { kid: string; publicJwk: Record<string, unknown>; privateJwkSealed: string; activatedAt: Date | null },
): Promise<void> {
  await tx.insert(signingKeys).values(row);
}

/** Makes `kid` the signing key from `now`; the keys that signed before are superseded (still published). */
export async function activateSigningKey(tx: IdentityTransaction, kid: string, now: Date): Promise<void> {
  await tx
    .update(signingKeys)
    .set({ supersededAt: now })
    .where(and(ne(signingKeys.kid, kid), isNotNull(signingKeys.activatedAt), isNull(signingKeys.supersededAt)));
  await tx.update(signingKeys).set({ activatedAt: now, supersededAt: null }).where(eq(signingKeys.kid, kid));
}

/** Takes out of the JWKS the published keys superseded before `cutoff`; answers their kids. */
export async function retireSigningKeysSupersededBefore(tx: IdentityTransaction, cutoff: Date): Promise<string[]> {
  const rows = await tx
    .update(signingKeys)
    .set({ isActive: false })
    .where(and(eq(signingKeys.isActive, true), lt(signingKeys.supersededAt, cutoff)))
    .returning({ kid: signingKeys.kid });
  return rows.map((row) => row.kid);
}

/** Replaces a key's sealed private half (a reseal after an ENCRYPTION_KEY rotation). */
export async function updateSealedPrivateJwk(tx: IdentityTransaction, kid: string, privateJwkSealed: string): Promise<void> {
  await tx.update(signingKeys).set({ privateJwkSealed }).where(eq(signingKeys.kid, kid));
}
