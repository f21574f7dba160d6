// Turns a provider profile into a user: the linked identity's user, else the user with that verified
// email (linking it), else a new verified user without a password.
import { findUserIdByProviderIdentity, linkProviderIdentity } from '../db/queries/oauth-identities';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../db/queries/users';
import type { UserRow } from '../db/schema/users';
import type { IdentityDb } from '../db/tables';
import type { ProviderName, ProviderProfile } from '../oauth/provider';
import { normalizeEmail } from './email-address';

export async function signInWithProvider(db: IdentityDb, provider: ProviderName, profile: ProviderProfile): Promise<UserRow> {
  const linkedUserId = await findUserIdByProviderIdentity(db, provider, profile.providerUserId);
  if (linkedUserId) {
    const linked = await findUserById(db, linkedUserId);
    if (linked) return linked;
  }
  const email = normalizeEmail(profile.email);
  return db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user) {
      const changes: Parameters<typeof updateUser>[2] = {};
      // An unverified account with this address was never proven to be theirs: its password could be
      // someone else's (pre-registration), so it is dropped; the owner can set one via forgot-password.
      if (!user.isVerified) Object.assign(changes, { isVerified: true, passwordHash: null });
      if (!user.avatar && profile.avatar) changes.avatar = profile.avatar;
      if (Object.keys(changes).length > 0) user = (await updateUser(tx, user.id, changes)) ?? user;
    } else {
      user =
        (await insertUser(tx, { email, name: profile.name, passwordHash: null, isVerified: true, avatar: profile.avatar })) ??
        (await findUserByEmail(tx, email));
      if (!user) throw new Error('Could not create or find the user');
    }
    await linkProviderIdentity(tx, { userId: user.id, provider, providerUserId: profile.providerUserId, email });
    return user;
  });
}
