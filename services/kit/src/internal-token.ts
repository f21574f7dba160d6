// Short-lived HS256 tokens that the gateway (and services calling each other) attach to internal requests.
// Services trust identity only from this token, never from caller-supplied headers.
import { jwtVerify, SignJWT } from 'jose';

export const INTERNAL_TOKEN_HEADER = 'x-mailwright-internal';
const ISSUER = 'mailwright';
const AUDIENCE = 'mailwright-internal';

export type CallerKind = 'user' | 'api_key' | 'public' | 'service';

export interface InternalClaims {
  /** Who is calling: a signed-in user (JWT), an API key, an anonymous public route, or another service. */
  kind: CallerKind;
  userId?: string;
  apiKeyId?: string;
  service?: string;
  /**
   * Set only by the gateway's edge authorizer (gateway/src/routes/edge-authorize.ts): the API key's requests per
   * minute and its account's, which the service then counts itself (kit's caller-rate-limits.ts) because the edge's
   * data path (infra/edge) forwards the request without passing through the gateway's limiters.
   */
  limits?: CallerLimits;
}

export interface CallerLimits {
  perMinute: number;
  accountPerMinute: number;
}

const encoder = new TextEncoder();
const keyCache = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = encoder.encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

export async function signInternalToken(secret: string, claims: InternalClaims, ttlSeconds = 60): Promise<string> {
  const jwt = new SignJWT({
    kind: claims.kind,
    akid: claims.apiKeyId,
    svc: claims.service,
    rl: claims.limits ? [claims.limits.perMinute, claims.limits.accountPerMinute] : undefined,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`);
  if (claims.userId) jwt.setSubject(claims.userId);
  return jwt.sign(keyFor(secret));
}

export async function verifyInternalToken(secret: string, token: string): Promise<InternalClaims & { exp: number }> {
  const { payload } = await jwtVerify(token, keyFor(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
  const kind = payload.kind;
  if (kind !== 'user' && kind !== 'api_key' && kind !== 'public' && kind !== 'service') throw new Error('bad kind');
  return {
    kind,
    userId: payload.sub,
    apiKeyId: typeof payload.akid === 'string' ? payload.akid : undefined,
    service: typeof payload.svc === 'string' ? payload.svc : undefined,
    limits: limitsOf(payload.rl),
    exp: payload.exp ?? 0,
  };
}

function limitsOf(claim: unknown): CallerLimits | undefined {
  if (!Array.isArray(claim) || claim.length !== 2) return undefined;
  const [perMinute, accountPerMinute] = claim as unknown[];
  if (!Number.isInteger(perMinute) || !Number.isInteger(accountPerMinute)) return undefined;
  return { perMinute: perMinute as number, accountPerMinute: accountPerMinute as number };
}

/**
 * Signs tokens once per distinct caller and reuses them for half their lifetime: the gateway
 * forwards thousands of requests a second for the same few callers.
 */
export class InternalTokenSigner {
  private readonly cache = new Map<string, { token: string; renewAt: number }>();

  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = 60,
  ) {}

  async tokenFor(claims: InternalClaims): Promise<string> {
    const limits = claims.limits ? `${claims.limits.perMinute}/${claims.limits.accountPerMinute}` : '';
    const cacheKey = `${claims.kind}:${claims.userId ?? ''}:${claims.apiKeyId ?? ''}:${claims.service ?? ''}:${limits}`;
    const now = Date.now();
    const hit = this.cache.get(cacheKey);
    if (hit && hit.renewAt > now) return hit.token;
    const token = await signInternalToken(this.secret, claims, this.ttlSeconds);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(cacheKey, { token, renewAt: now + (this.ttlSeconds * 1000) / 2 });
    return token;
  }
}
