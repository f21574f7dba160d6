// Revocations identity publishes to every gateway over Redis pub/sub, so an ended session or a disabled,
// deleted or refused API key stops working everywhere within about a second. Postgres (identity) stays the
// source of truth: a gateway that missed a message still re-checks within its short cache lifetime.

/** The Redis pub/sub channel (identity publishes, every gateway subscribes). */
export const REVOCATIONS_CHANNEL = 'mailwright:revocations';

/** Name of the session-version claim in user JWTs: a token whose `sv` is below the user's current version is refused. */
export const SESSION_VERSION_CLAIM = 'sv';

export type Revocation =
  /** The user's sessions with a session version below `sessionVersion` are over (password change or reset, log out everywhere). */
  | { kind: 'sessions'; userId: string; sessionVersion: number }
  /** The API key was disabled or deleted: drop it from every cache. */
  | { kind: 'api-key'; apiKeyId: string };

export function parseRevocation(message: string): Revocation | null {
  try {
    const value = JSON.parse(message) as Partial<Record<string, unknown>>;
    if (value.kind === 'sessions' && typeof value.userId === 'string' && Number.isSafeInteger(value.sessionVersion)) {
      return { kind: 'sessions', userId: value.userId, sessionVersion: value.sessionVersion as number };
    }
    if (value.kind === 'api-key' && typeof value.apiKeyId === 'string') return { kind: 'api-key', apiKeyId: value.apiKeyId };
  } catch {
    // not JSON: not ours
  }
  return null;
}
