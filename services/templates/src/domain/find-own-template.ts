// Loads a user's template by id; unknown, foreign and malformed ids all answer 'Template not found'.
import { findTemplate } from '../db/queries/templates';
import type { TemplateRow } from '../db/tables';
import type { TemplatesContext } from './context';
import { isUuid, templateNotFound } from './template-id';

export async function findOwnTemplate(ctx: TemplatesContext, userId: string, id: string): Promise<TemplateRow> {
  if (!isUuid(id) || !isUuid(userId)) throw templateNotFound();
  const row = await findTemplate(ctx.db, userId, id);
  if (!row) throw templateNotFound();
  return row;
}
