import { isUuid } from '@mailwright/kit';
import { deleteTemplate as deleteRow } from '../db/queries/templates';
import type { TemplatesDeps } from '../deps';
import { templateNotFound } from './errors';

export async function deleteTemplate(deps: Pick<TemplatesDeps, 'db'>, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteRow(deps.db, userId, id))) throw templateNotFound();
}
