// Turns a provider profile into a user. A linked identity signs into its user. Otherwise only an address the
// provider verified may find an existing user (linking it) or create a verified one; an unverified address
// never links to anyone: it creates a new unverified account that must verify by mail like a sign-up.
import { AppError } from '@mailwright/kit';
import type { ProviderName, ProviderProfile } from '../adapters/sign-in-providers/provider';
import { issuedRecently } from '../db/queries/email-tokens';
import { findUserIdByProviderIdentity, linkProviderIdentity, unlinkProviderIdentities } from '../db/queries/oauth-identities';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../db/queries/users';
import type { UserRow } from '../db/schema/users';
import { cleanDisplayName } from './display-name';
import { normalizeEmail } from './email-address';
import { type EmailLinkDeps, sendVerificationLink } from './issue-email-link';

export type ProviderSignIn = { kind: 'signed-in'; user: UserRow } | { kind: 'needs-verification'; user: UserRow };

/** A re-sent verification link waits this long after the previous one. */
const RESEND_AFTER_SECONDS = 5 * 60;

export async function signInWithProvider(
  deps: EmailLinkDeps,
  provider: ProviderName,
  profile: ProviderProfile,
): Promise<ProviderSignIn> {
  const linkedUserId = await findUserIdByProviderIdentity(deps.db, provider, profile.providerUserId);
  const linked = linkedUserId ? await findUserById(deps.db, linkedUserId) : undefined;
  if (linked) return linked.isVerified ? { kind: 'signed-in', user: linked } : await askToVerify(deps, linked);
  const user = profile.isEmailVerified
    ? await userForVerifiedEmail(deps, provider, profile)
    : await newUserForUnverifiedEmail(deps, provider, profile);
  return user.isVerified ? { kind: 'signed-in', user } : await askToVerify(deps, user, true);
}

function userForVerifiedEmail(deps: EmailLinkDeps, provider: ProviderName, profile: ProviderProfile): Promise<UserRow> {
  const email = normalizeEmail(profile.email);
  return deps.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user) {
      const changes: Parameters<typeof updateUser>[2] = {};
      // An unverified account with this address was never proven to be theirs: its password could be
      // someone else's (pre-registration), so it is dropped; the owner can set one via forgot-password. So are
      // provider links made by unverified addresses.
      if (!user.isVerified) {
        Object.assign(changes, { isVerified: true, passwordHash: null });
        await unlinkProviderIdentities(tx, user.id);
      }
      if (!user.avatar && profile.avatar) changes.avatar = profile.avatar;
      if (Object.keys(changes).length > 0) user = (await updateUser(tx, user.id, changes)) ?? user;
    } else {
      const name = cleanDisplayName(profile.name) || email.split('@')[0] || email;
      user =
        (await insertUser(tx, { email, name, passwordHash: null, isVerified: true, avatar: profile.avatar })) ??
        (await findUserByEmail(tx, email));
      if (!user) throw new Error('Could not create or find the user');
    }
    await linkProviderIdentity(tx, { userId: user.id, provider, providerUserId: profile.providerUserId, email });
    return user;
  });
}

async function newUserForUnverifiedEmail(
  deps: EmailLinkDeps,
  provider: ProviderName,
  profile: ProviderProfile,
): Promise<UserRow> {
  const email = normalizeEmail(profile.email);
  const name = cleanDisplayName(profile.name) || email.split('@')[0] || email;
  return deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, { email, name, passwordHash: null, isVerified: false, avatar: profile.avatar });
    // Someone already has this address: an address the provider has not verified proves nothing about them.
    if (!user) throw new AppError('CONFLICT', `The ${provider} account's email is not verified by ${provider}`);
    await linkProviderIdentity(tx, { userId: user.id, provider, providerUserId: profile.providerUserId, email });
    return user;
  });
}

async function askToVerify(deps: EmailLinkDeps, user: UserRow, isNew = false): Promise<ProviderSignIn> {
  if (isNew || !(await issuedRecently(deps.db, user.id, 'verify_email', RESEND_AFTER_SECONDS))) {
    await sendVerificationLink(deps, user);
  }
  return { kind: 'needs-verification', user };
}
