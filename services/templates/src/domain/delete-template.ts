import { deleteTemplate as deleteRow } from '../db/queries/templates';
import type { TemplatesContext } from './context';
import { isUuid, templateNotFound } from './template-id';

export async function deleteTemplate(ctx: TemplatesContext, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteRow(ctx.db, userId, id))) throw templateNotFound();
}
