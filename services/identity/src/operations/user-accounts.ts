// What an operator does to one user (`npm run admin -- users …`): look them up by email or id, mark the address
// verified, disable (no sign-in, API keys refused, every session ended at once) and enable again.
import type { Revocation } from '@mailwright/contracts';
import { isUuid, notFound } from '@mailwright/kit';
import type { IdentityDatabase } from '../db/client';
import { listApiKeys } from '../db/queries/api-keys';
import { findUserByEmail, findUserById, markUserDisabled, markUserEnabled, providersOf, updateUser } from '../db/queries/users';
import type { UserRow } from '../db/schema/users';
import { normalizeEmail } from '../domain/email-address';

export interface UserSummary {
  id: string;
  email: string;
  name: string;
  isVerified: boolean;
  /** null = may sign in. */
  disabledAt: Date | null;
  createdAt: Date;
  /** Social sign-in providers linked to the account. */
  providers: string[];
  hasPassword: boolean;
  apiKeys: number;
}

export interface UserChange {
  user: UserSummary;
  /** false when the user was already in the state asked for. */
  changed: boolean;
}

/** Where a disabled user's ended sessions and refused keys are announced (identity's RevocationPublisher). */
export interface RevocationSink {
  publish(revocation: Revocation): Promise<void>;
}

/** The user with this email (any case) or id; a NOT_FOUND AppError otherwise. */
export async function findUser(db: IdentityDatabase, emailOrId: string): Promise<UserRow> {
  const text = emailOrId.trim();
  const user = isUuid(text.toLowerCase())
    ? await findUserById(db, text.toLowerCase())
    : await findUserByEmail(db, normalizeEmail(text));
  if (!user) throw notFound(`User ${text}`);
  return user;
}

export async function describeUser(db: IdentityDatabase, user: UserRow): Promise<UserSummary> {
  const [providers, keys] = await Promise.all([providersOf(db, user.id), listApiKeys(db, user.id)]);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isVerified: user.isVerified,
    disabledAt: user.disabledAt,
    createdAt: user.createdAt,
    providers,
    hasPassword: user.passwordHash !== null,
    apiKeys: keys.length,
  };
}

/** Marks the address verified (a user whose verification mail never arrived). */
export async function verifyUser(db: IdentityDatabase, emailOrId: string): Promise<UserChange> {
  const user = await findUser(db, emailOrId);
  if (user.isVerified) return { user: await describeUser(db, user), changed: false };
  const updated = (await updateUser(db, user.id, { isVerified: true })) ?? user;
  return { user: await describeUser(db, updated), changed: true };
}

/**
 * Disables the user: sign-in is refused, their API keys are refused, and every session ends (the session version
 * is bumped in the same statement). Gateways hear it over the revocations channel, so it holds within a second.
 */
export async function disableUser(db: IdentityDatabase, revocations: RevocationSink, emailOrId: string): Promise<UserChange> {
  const user = await findUser(db, emailOrId);
  const disabled = await markUserDisabled(db, user.id, new Date());
  if (!disabled) return { user: await describeUser(db, user), changed: false };
  await revocations.publish({ kind: 'sessions', userId: disabled.id, sessionVersion: disabled.sessionVersion });
  for (const key of await listApiKeys(db, disabled.id)) await revocations.publish({ kind: 'api-key', apiKeyId: key.id });
  return { user: await describeUser(db, disabled), changed: true };
}

/** Lets a disabled user sign in again (their API keys work again; sessions ended by the disable stay ended). */
export async function enableUser(db: IdentityDatabase, emailOrId: string): Promise<UserChange> {
  const user = await findUser(db, emailOrId);
  const enabled = await markUserEnabled(db, user.id);
  return { user: await describeUser(db, enabled ?? user), changed: enabled !== undefined };
}
