// Every query filters by user_id: another user's template is simply not found.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TemplatesDatabase } from '../client';
import { type TemplateRow, templates } from '../tables';

export interface TemplateFields {
  name: string;
  subject: string;
  body: string;
  category: string;
  variables: string[];
  unsubscribe: boolean;
}

export async function listTemplates(db: TemplatesDatabase, userId: string): Promise<TemplateRow[]> {
  return db.select().from(templates).where(eq(templates.userId, userId)).orderBy(desc(templates.createdAt), desc(templates.id));
}

export async function findTemplate(db: TemplatesDatabase, userId: string, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.userId, userId), eq(templates.id, id)));
  return row;
}

/**
 * Inserts unless the user already has `limit` templates (-1: no limit). The per-user advisory
 * lock serialises concurrent creations, so the count and the insert cannot interleave.
 * Returns undefined when the limit is reached.
 */
export async function insertTemplateWithinLimit(
  db: TemplatesDatabase,
  userId: string,
  fields: TemplateFields,
  limit: number,
): Promise<TemplateRow | undefined> {
  if (limit < 0) {
    const [row] = await db
      .insert(templates)
      .values({ userId, ...fields })
      .returning();
    return row;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('templates.create'), hashtext(${userId}))`);
    const [existing] = await tx.select({ total: count() }).from(templates).where(eq(templates.userId, userId));
    if ((existing?.total ?? 0) >= limit) return undefined;
    const [row] = await tx
      .insert(templates)
      .values({ userId, ...fields })
      .returning();
    return row;
  });
}

export async function updateTemplate(
  db: TemplatesDatabase,
  userId: string,
  id: string,
  fields: TemplateFields,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(templates)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(templates.userId, userId), eq(templates.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(db: TemplatesDatabase, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(templates)
    .where(and(eq(templates.userId, userId), eq(templates.id, id)))
    .returning({ id: templates.id });
  return deleted.length > 0;
}
