// AUTH: the password is an API key (the username is free text). The public API's plan rule applies, each key holds
// at most its share of connections, and a client address that failed too often in a row is turned away before any
// lookup. Every 535 counts as a failed sign-in; a temporary failure (454, 421) is ours and does not.
import { API_KEY_SCOPE_MESSAGES, MAIL_MESSAGES, SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import type { ConnectionSlot, IntakeDeps } from '../deps';
import { INTAKE_TEXTS } from './intake-texts';
import { isSmtpReply, SmtpReply } from './smtp-reply';

export interface SignedIn {
  apiKeyId: string;
  userId: string;
  slot: ConnectionSlot;
}

type SignInDeps = Pick<IntakeDeps, 'apiKeys' | 'entitlements' | 'limits' | 'signInFailures' | 'keyUsage' | 'log'>;

/** Longer than any key identity issues; a longer password is not looked up. */
const KEY_MAX_LENGTH = 256;

const refused = (text: string, reason: string) => new SmtpReply(535, '5.7.8', text, reason);

/** `clientAddress` is the key failures are counted under (clientAddressKey). */
export async function signIn(deps: SignInDeps, password: string | null | undefined, clientAddress: string): Promise<SignedIn> {
  if (await temporarily(() => deps.signInFailures.tooMany(clientAddress))) {
    throw new SmtpReply(421, '4.7.0', INTAKE_TEXTS.signInThrottled, 'auth_throttled');
  }
  try {
    const signedIn = await checkKey(deps, password);
    deps.keyUsage.record(signedIn.apiKeyId);
    return signedIn;
  } catch (error) {
    if (isSmtpReply(error) && error.responseCode === 535) {
      // The client hears its 535 even when Redis cannot count it (the next sign-in's check answers 454 then).
      await deps.signInFailures
        .record(clientAddress)
        .catch((failure: unknown) => deps.log.warn({ err: failure }, 'failed sign-in not counted'));
    }
    throw error;
  }
}

async function checkKey(deps: SignInDeps, password: string | null | undefined): Promise<SignedIn> {
  const key = password?.trim() ?? '';
  if (!key || key.length > KEY_MAX_LENGTH) throw refused(SMTP_INTAKE_MESSAGES.invalidKey, 'invalid_key');
  const resolved = await temporarily(() => deps.apiKeys.resolve(key));
  if (!resolved) throw refused(SMTP_INTAKE_MESSAGES.invalidKey, 'invalid_key');
  if (!resolved.isActive) throw refused(SMTP_INTAKE_MESSAGES.inactiveKey, 'inactive_key');
  // A key made before scopes existed has none listed and full access; a read-only key cannot submit mail.
  if (resolved.scopes && !resolved.scopes.includes('send')) throw refused(API_KEY_SCOPE_MESSAGES.send, 'key_scope');
  if (!(await hasApiAccess(deps, resolved.userId))) throw refused(MAIL_MESSAGES.apiAccessRequired, 'api_access');
  const slot = await temporarily(() => deps.limits.openConnection(resolved.apiKeyId));
  if (!slot) throw new SmtpReply(421, '4.7.0', SMTP_INTAKE_MESSAGES.tooManyConnections, 'too_many_connections');
  return { apiKeyId: resolved.apiKeyId, userId: resolved.userId, slot };
}

/** Entitlements are cached for a moment; a plan bought seconds ago must count before the key is refused. */
async function hasApiAccess(deps: Pick<IntakeDeps, 'entitlements'>, userId: string): Promise<boolean> {
  const cached = await temporarily(() => deps.entitlements.get(userId));
  if (cached.apiAccess) return true;
  return (await temporarily(() => deps.entitlements.get(userId, { fresh: true }))).apiAccess;
}

/**
 * A lookup that failed (identity, billing or Redis unreachable) is a temporary authentication failure; a refusal
 * the lookup itself answered (an SmtpReply) stands.
 */
async function temporarily<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (isSmtpReply(error)) throw error;
    throw new SmtpReply(454, '4.7.0', SMTP_INTAKE_MESSAGES.unavailable, 'unavailable');
  }
}
