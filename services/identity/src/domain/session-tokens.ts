// User session JWTs: ES256, signed with a key pair kept in identity's database (private half sealed),
// so every identity process signs with the same key and restarts keep sessions valid.
import { SESSION_VERSION_CLAIM } from '@mailwright/contracts';
import type { SecretBox } from '@mailwright/kit';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { IdentityDatabase } from '../db/client';
import { activeSigningKeys, insertSigningKey, lockSigningKeys } from '../db/queries/signing-keys';

export const SESSION_ISSUER = 'mailwright-identity';
export const SESSION_AUDIENCE = 'mailwright';
const ALGORITHM = 'ES256';
const DEFAULT_TTL = '7d';
const REMEMBER_ME_TTL = '30d';

type SigningKey = Awaited<ReturnType<typeof importJWK>>;

export class SessionTokens {
  private constructor(
    private readonly kid: string,
    private readonly privateKey: SigningKey,
    private readonly publicJwks: JWK[],
  ) {}

  /** Loads the newest active key pair, creating one (under a lock, once across processes) on first start. */
  static async load(db: IdentityDatabase, box: SecretBox): Promise<SessionTokens> {
    let rows = await activeSigningKeys(db);
    if (rows.length === 0) {
      await db.transaction(async (tx) => {
        await lockSigningKeys(tx);
        if ((await activeSigningKeys(tx)).length > 0) return;
        const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
        const publicJwk = await exportJWK(publicKey);
        const kid = await calculateJwkThumbprint(publicJwk);
        const privateJwk = await exportJWK(privateKey);
        await insertSigningKey(tx, {
          kid,
          publicJwk: { ...publicJwk, kid, alg: ALGORITHM, use: 'sig' },
          privateJwkSealed: box.seal(JSON.stringify(privateJwk)),
        });
      });
      rows = await activeSigningKeys(db);
    }
    const newest = rows[0];
    if (!newest) throw new Error('No signing key available');
    const privateKey = await importJWK(JSON.parse(box.open(newest.privateJwkSealed)) as JWK, ALGORITHM);
    return new SessionTokens(
      newest.kid,
      privateKey,
      rows.map((row) => row.publicJwk as JWK),
    );
  }

  /** A session for `userId`; `sessionVersion` is the user's current one (bumping it ends this session). */
  sign(userId: string, sessionVersion: number, rememberMe = false): Promise<string> {
    return new SignJWT({ [SESSION_VERSION_CLAIM]: sessionVersion })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.kid, typ: 'JWT' })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(rememberMe ? REMEMBER_ME_TTL : DEFAULT_TTL)
      .sign(this.privateKey);
  }

  /** Public keys only, as published at /.well-known/jwks.json. */
  jwks(): { keys: JWK[] } {
    return { keys: this.publicJwks };
  }

  /** Verifies a session token the way the gateway does (used by tests and diagnostics). */
  async verify(token: string): Promise<string> {
    return (await this.verifyClaims(token)).userId;
  }

  /** The user and session version a token carries, once its signature and claims check out. */
  async verifyClaims(token: string): Promise<{ userId: string; sessionVersion: number }> {
    const { payload } = await jwtVerify(token, createLocalJWKSet(this.jwks()), {
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
      algorithms: [ALGORITHM],
    });
    if (!payload.sub) throw new Error('Token has no subject');
    const sessionVersion = payload[SESSION_VERSION_CLAIM];
    if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion))
      throw new Error('Token has no session version');
    return { userId: payload.sub, sessionVersion };
  }
}
