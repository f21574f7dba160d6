// User rows and their linked social sign-in identities.
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { IdentityExecutor } from '../client';
import { oauthIdentities } from '../schema/oauth-identities';
import { type UserRow, users } from '../schema/users';

export async function findUserById(db: IdentityExecutor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: IdentityExecutor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Inserts a user; undefined when the email is taken. */
export async function insertUser(
  db: IdentityExecutor,
  values: { email: string; name: string; passwordHash: string | null; isVerified: boolean; avatar?: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function updateUser(
  db: IdentityExecutor,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'avatar' | 'passwordHash' | 'isVerified'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Replaces the password hash only while it is still `current`; false when it has changed since (or no such user). */
export async function replacePasswordHash(
  db: IdentityExecutor,
  id: string,
  current: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.passwordHash, current)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Ends every session of the user: answers the new session version (tokens below it are refused). */
export async function bumpSessionVersion(db: IdentityExecutor, id: string): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion;
}

/** Disables the user and ends every session in one statement; undefined when already disabled (or unknown). */
export async function markUserDisabled(db: IdentityExecutor, id: string, at: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ disabledAt: at, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.disabledAt)))
    .returning();
  return row;
}

/** Lets a disabled user sign in again; undefined when not disabled (or unknown). */
export async function markUserEnabled(db: IdentityExecutor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ disabledAt: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNotNull(users.disabledAt)))
    .returning();
  return row;
}

export async function providersOf(db: IdentityExecutor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ provider: oauthIdentities.provider })
    .from(oauthIdentities)
    .where(eq(oauthIdentities.userId, userId))
    .orderBy(asc(oauthIdentities.createdAt));
  return [...new Set(rows.map((row) => row.provider))];
}
