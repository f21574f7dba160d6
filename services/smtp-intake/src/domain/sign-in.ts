// AUTH: the password is an API key (the username is free text). The public API's plan rule applies, and each key
// holds at most its share of connections.
import { MAIL_MESSAGES, SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import type { ConnectionSlot, IntakeDeps } from '../deps';
import { SmtpReply } from './smtp-reply';

export interface SignedIn {
  apiKeyId: string;
  userId: string;
  slot: ConnectionSlot;
}

/** Longer than any key identity issues; a longer password is not looked up. */
const KEY_MAX_LENGTH = 256;

const refused = (text: string, reason: string) => new SmtpReply(535, '5.7.8', text, reason);

export async function signIn(
  deps: Pick<IntakeDeps, 'apiKeys' | 'entitlements' | 'limits'>,
  password: string | null | undefined,
): Promise<SignedIn> {
  const key = password?.trim() ?? '';
  if (!key || key.length > KEY_MAX_LENGTH) throw refused(SMTP_INTAKE_MESSAGES.invalidKey, 'invalid_key');
  const resolved = await temporarily(() => deps.apiKeys.resolve(key));
  if (!resolved) throw refused(SMTP_INTAKE_MESSAGES.invalidKey, 'invalid_key');
  if (!resolved.isActive) throw refused(SMTP_INTAKE_MESSAGES.inactiveKey, 'inactive_key');
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

/** A lookup that failed (identity, billing or Redis unreachable) is a temporary authentication failure. */
async function temporarily<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup();
  } catch {
    throw new SmtpReply(454, '4.7.0', SMTP_INTAKE_MESSAGES.unavailable, 'unavailable');
  }
}
