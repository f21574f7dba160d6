// Rotating the session signing key without downtime (`npm run admin -- jwt …`). Step one publishes a next key: it
// is in the JWKS but signs nothing, so every verifier learns it first. Step two, once NEXT_KEY_WAIT_MS has passed,
// makes it the signing key; the key it replaces stays published until every token it signed has expired, then
// is retired (out of the JWKS). Identity processes pick each step up within KEY_RING_REFRESH_MS, no restart.
import { AppError, type SecretBox } from '@mailwright/kit';
import type { IdentityDatabase } from '../db/client';
import {
  activateSigningKey,
  allSigningKeys,
  insertSigningKey,
  lockSigningKeys,
  retireSigningKeysSupersededBefore,
} from '../db/queries/signing-keys';
import type { SigningKeyRow } from '../db/schema/signing-keys';
import { JWKS_MAX_AGE_SECONDS, KEY_RING_REFRESH_MS, LONGEST_SESSION_MS, signingKeyOf } from '../domain/session-tokens';
import { generateSigningKey } from '../domain/signing-key-pair';

/** How long a gateway keeps identity's JWKS (createRemoteJWKSet's cacheMaxAge in gateway/src/adapters/identity/user-tokens.ts). */
export const GATEWAY_JWKS_CACHE_MS = 10 * 60_000;
/**
 * From publishing a next key to signing with it: every identity process has re-read its keys, any HTTP cache has
 * dropped the JWKS (its max-age) and every gateway's own JWKS cache has expired, so no verifier meets the new kid
 * unknown. (A gateway that does also re-fetches the JWKS at once, but only once per cooldown.)
 */
export const NEXT_KEY_WAIT_MS = KEY_RING_REFRESH_MS + JWKS_MAX_AGE_SECONDS * 1000 + GATEWAY_JWKS_CACHE_MS;
/** A superseded key is kept while a token it signed may be live (an identity process may sign with it for one more refresh). */
export const RETIRE_AFTER_MS = LONGEST_SESSION_MS + KEY_RING_REFRESH_MS + 5 * 60_000;

export type SigningKeyState = 'next' | 'signing' | 'superseded' | 'retired';

export interface SigningKeyStatus {
  kid: string;
  state: SigningKeyState;
  createdAt: Date;
  activatedAt: Date | null;
  supersededAt: Date | null;
  /** A next key: from when `rotate` makes it the signing key without --force. */
  promotableAt: Date | null;
  /** A superseded key: from when `retire` takes it out of the JWKS. */
  retirableAt: Date | null;
}

export type RotationStep =
  | { step: 'published'; kid: string; promotableAt: Date }
  | { step: 'promoted'; kid: string; previousKid: string | null; retiredKids: string[] };

function stateOf(row: SigningKeyRow, signingKid: string | undefined): SigningKeyState {
  if (!row.isActive) return 'retired';
  if (row.activatedAt === null) return 'next';
  return row.kid === signingKid ? 'signing' : 'superseded';
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** Every key, newest first, with its state and the time its next step becomes safe. */
export async function signingKeyStatus(db: IdentityDatabase): Promise<SigningKeyStatus[]> {
  const rows = await allSigningKeys(db);
  const signingKid = signingKeyOf(rows)?.kid;
  return rows.map((row) => {
    const state = stateOf(row, signingKid);
    return {
      kid: row.kid,
      state,
      createdAt: row.createdAt,
      activatedAt: row.activatedAt,
      supersededAt: row.supersededAt,
      promotableAt: state === 'next' ? later(row.createdAt, NEXT_KEY_WAIT_MS) : null,
      retirableAt: state === 'superseded' && row.supersededAt ? later(row.supersededAt, RETIRE_AFTER_MS) : null,
    };
  });
}

/**
 * One step of a rotation: publishes a next key when there is none, else makes the next key the signing key, which
 * is refused until NEXT_KEY_WAIT_MS after it was published unless `force`. Promoting also retires keys whose
 * tokens have all expired.
 */
export async function rotateSigningKey(
  db: IdentityDatabase,
  box: SecretBox,
  options: { now?: Date; force?: boolean } = {},
): Promise<RotationStep> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await lockSigningKeys(tx);
    const rows = await allSigningKeys(tx);
    const next = rows.find((row) => row.isActive && row.activatedAt === null);
    if (!next) {
      const created = await generateSigningKey(box);
      await insertSigningKey(tx, { ...created, activatedAt: null });
      return { step: 'published', kid: created.kid, promotableAt: later(now, NEXT_KEY_WAIT_MS) };
    }
    const promotableAt = later(next.createdAt, NEXT_KEY_WAIT_MS);
    if (now < promotableAt && !options.force) {
      const minutes = Math.ceil((promotableAt.getTime() - now.getTime()) / 60_000);
      throw new AppError(
        'CONFLICT',
        `The next key ${next.kid} was published at ${next.createdAt.toISOString()}; gateways may not know it yet. ` +
          `Promote it after ${promotableAt.toISOString()} (in ${minutes} min), or now with --force.`,
      );
    }
    const previous = signingKeyOf(rows);
    await activateSigningKey(tx, next.kid, now);
    const retiredKids = await retireSigningKeysSupersededBefore(tx, new Date(now.getTime() - RETIRE_AFTER_MS));
    return { step: 'promoted', kid: next.kid, previousKid: previous?.kid ?? null, retiredKids };
  });
}

/** Takes out of the JWKS every superseded key whose tokens have all expired; answers their kids. */
export async function retireSigningKeys(db: IdentityDatabase, options: { now?: Date } = {}): Promise<string[]> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await lockSigningKeys(tx);
    return retireSigningKeysSupersededBefore(tx, new Date(now.getTime() - RETIRE_AFTER_MS));
  });
}
