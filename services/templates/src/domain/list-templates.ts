import type { Template } from '@mailwright/contracts';
import { listTemplates as listRows } from '../db/queries/templates';
import type { TemplatesDeps } from '../deps';
import { toTemplate } from './to-template';

/** A user's templates, newest first. */
export async function listTemplates(deps: Pick<TemplatesDeps, 'db'>, userId: string): Promise<Template[]> {
  const rows = await listRows(deps.db, userId);
  return rows.map(toTemplate);
}
