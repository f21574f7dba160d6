// Replaces a template's fields; variables are recomputed, the category is kept unless one is given.
import type { Template, TemplateBody } from '@mailwright/contracts';
import { updateTemplate as updateRow } from '../db/queries/templates';
import type { TemplatesContext } from './context';
import { findOwnTemplate } from './find-own-template';
import { templateNotFound } from './template-id';
import { toTemplateFields } from './template-input';
import { toTemplate } from './to-template';

export async function updateTemplate(ctx: TemplatesContext, userId: string, id: string, input: TemplateBody): Promise<Template> {
  const current = await findOwnTemplate(ctx, userId, id);
  const row = await updateRow(ctx.db, userId, id, toTemplateFields(input, current.category));
  if (!row) throw templateNotFound(); // deleted in between
  return toTemplate(row);
}
