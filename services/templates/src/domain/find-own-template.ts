// Loads a user's template by id; unknown, foreign and malformed ids all answer 'Template not found'.
import { isUuid } from '@mailwright/kit';
import { findTemplate } from '../db/queries/templates';
import type { TemplateRow } from '../db/tables';
import type { TemplatesDeps } from '../deps';
import { templateNotFound } from './errors';

export async function findOwnTemplate(deps: Pick<TemplatesDeps, 'db'>, userId: string, id: string): Promise<TemplateRow> {
  if (!isUuid(id) || !isUuid(userId)) throw templateNotFound();
  const row = await findTemplate(deps.db, userId, id);
  if (!row) throw templateNotFound();
  return row;
}
