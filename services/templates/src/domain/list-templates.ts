import type { Template } from '@mailwright/contracts';
import { listTemplates as listRows } from '../db/queries/templates';
import type { TemplatesContext } from './context';
import { toTemplate } from './to-template';

/** A user's templates, newest first. */
export async function listTemplates(ctx: TemplatesContext, userId: string): Promise<Template[]> {
  const rows = await listRows(ctx.db, userId);
  return rows.map(toTemplate);
}
