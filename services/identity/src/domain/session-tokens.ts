// User session JWTs: ES256, signed with a key pair kept in identity's database (private half sealed), so every
// identity process signs with the same key and restarts keep sessions valid. Each process re-reads the keys every
// KEY_RING_REFRESH_MS, so a rotation (operations/signing-key-rotation.ts) reaches all of them without a restart: a
// next key appears in the JWKS before any process signs with it, and a superseded key stays there until its
// tokens have expired.
import { SESSION_VERSION_CLAIM } from '@mailwright/contracts';
import type { SecretBox } from '@mailwright/kit';
import { createLocalJWKSet, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { IdentityDatabase } from '../db/client';
import { insertSigningKey, lockSigningKeys, publishedSigningKeys } from '../db/queries/signing-keys';
import type { SigningKeyRow } from '../db/schema/signing-keys';
import { generateSigningKey, SIGNING_ALGORITHM } from './signing-key-pair';

export const SESSION_ISSUER = 'mailwright-identity';
export const SESSION_AUDIENCE = 'mailwright';
const DAY_MS = 86_400_000;
const DEFAULT_TTL_DAYS = 7;
const REMEMBER_ME_TTL_DAYS = 30;
/** The longest a session token lives: a superseded key stays in the JWKS at least this long. */
export const LONGEST_SESSION_MS = REMEMBER_ME_TTL_DAYS * DAY_MS;
/** How stale a process's view of the keys may be. */
export const KEY_RING_REFRESH_MS = 30_000;
/** The JWKS route's Cache-Control max-age (seconds). */
export const JWKS_MAX_AGE_SECONDS = 300;

type PrivateKey = Awaited<ReturnType<typeof importJWK>>;

interface KeyRing {
  kid: string;
  privateKey: PrivateKey;
  publicJwks: JWK[];
  readAt: number;
}

export interface SessionTokenOptions {
  /** Re-read the keys when the last read is older than this (KEY_RING_REFRESH_MS). */
  refreshMs?: number;
  /** A failed re-read keeps the keys read before; this hears why. */
  onRefreshError?: (error: unknown) => void;
}

/** The key that signs: the published one activated last (a next key, not yet activated, only verifies). */
export const signingKeyOf = (rows: SigningKeyRow[]): SigningKeyRow | undefined =>
  rows
    .filter((row) => row.isActive && row.activatedAt !== null)
    .sort((a, b) => (b.activatedAt?.getTime() ?? 0) - (a.activatedAt?.getTime() ?? 0))[0];

export class SessionTokens {
  private refreshing: Promise<KeyRing> | null = null;

  private constructor(
    private readonly keys: KeyReader,
    private readonly options: Required<SessionTokenOptions>,
    private ring: KeyRing,
  ) {}

  /** Reads the keys, creating the first pair (under a lock, once across processes) on a fresh database. */
  static async load(db: IdentityDatabase, box: SecretBox, options: SessionTokenOptions = {}): Promise<SessionTokens> {
    const keys = new KeyReader(db, box);
    return new SessionTokens(
      keys,
      { refreshMs: options.refreshMs ?? KEY_RING_REFRESH_MS, onRefreshError: options.onRefreshError ?? (() => {}) },
      await keys.read(),
    );
  }

  /** Re-reads the keys now (the next sign and JWKS use what the database holds). */
  async refresh(): Promise<void> {
    this.ring = await this.keys.read();
  }

  /** A session for `userId`; `sessionVersion` is the user's current one (bumping it ends this session). */
  async sign(userId: string, sessionVersion: number, rememberMe = false): Promise<string> {
    const ring = await this.current();
    return new SignJWT({ [SESSION_VERSION_CLAIM]: sessionVersion })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: ring.kid, typ: 'JWT' })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${rememberMe ? REMEMBER_ME_TTL_DAYS : DEFAULT_TTL_DAYS}d`)
      .sign(ring.privateKey);
  }

  /** Public keys only, as published at /.well-known/jwks.json: the signing key, a next key, superseded ones. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: (await this.current()).publicJwks };
  }

  /** Verifies a session token the way the gateway does (used by tests and diagnostics). */
  async verify(token: string): Promise<string> {
    return (await this.verifyClaims(token)).userId;
  }

  /** The user and session version a token carries, once its signature and claims check out. */
  async verifyClaims(token: string): Promise<{ userId: string; sessionVersion: number }> {
    const { payload } = await jwtVerify(token, createLocalJWKSet(await this.jwks()), {
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
      algorithms: [SIGNING_ALGORITHM],
    });
    if (!payload.sub) throw new Error('Token has no subject');
    const sessionVersion = payload[SESSION_VERSION_CLAIM];
    if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion))
      throw new Error('Token has no session version');
    return { userId: payload.sub, sessionVersion };
  }

  /** The keys as last read, re-read first when that is older than refreshMs (concurrent callers share one read). */
  private async current(): Promise<KeyRing> {
    if (Date.now() - this.ring.readAt < this.options.refreshMs) return this.ring;
    this.refreshing ??= this.keys
      .read()
      .catch((error: unknown) => {
        // Postgres away for a moment: keep signing with the keys read before, try again after refreshMs.
        this.options.onRefreshError(error);
        return { ...this.ring, readAt: Date.now() };
      })
      .then((ring) => {
        this.ring = ring;
        return ring;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }
}

/** Reads the published keys and imports the signing key's private half (once per kid). */
class KeyReader {
  private readonly privateKeys = new Map<string, PrivateKey>();

  constructor(
    private readonly db: IdentityDatabase,
    private readonly box: SecretBox,
  ) {}

  async read(): Promise<KeyRing> {
    let rows = await publishedSigningKeys(this.db);
    if (!signingKeyOf(rows)) {
      await this.db.transaction(async (tx) => {
        await lockSigningKeys(tx);
        if (signingKeyOf(await publishedSigningKeys(tx))) return;
        await insertSigningKey(tx, { ...(await generateSigningKey(this.box)), activatedAt: new Date() });
      });
      rows = await publishedSigningKeys(this.db);
    }
    const signing = signingKeyOf(rows);
    if (!signing) throw new Error('No signing key available');
    return {
      kid: signing.kid,
      privateKey: await this.privateKeyOf(signing),
      publicJwks: rows.map((row) => row.publicJwk as JWK),
      readAt: Date.now(),
    };
  }

  private async privateKeyOf(row: SigningKeyRow): Promise<PrivateKey> {
    const known = this.privateKeys.get(row.kid);
    if (known) return known;
    const key = await importJWK(JSON.parse(this.box.open(row.privateJwkSealed)) as JWK, SIGNING_ALGORITHM);
    this.privateKeys.set(row.kid, key);
    return key;
  }
}
