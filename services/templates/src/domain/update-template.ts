// Replaces a template's fields; variables are recomputed, the category and unsubscribe are kept unless given.
import type { Template, TemplateBody } from '@mailwright/contracts';
import { updateTemplate as updateRow } from '../db/queries/templates';
import type { TemplatesDeps } from '../deps';
import { templateNotFound } from './errors';
import { findOwnTemplate } from './find-own-template';
import { toTemplateFields } from './template-input';
import { toTemplate } from './to-template';

export async function updateTemplate(
  deps: Pick<TemplatesDeps, 'db'>,
  userId: string,
  id: string,
  input: TemplateBody,
): Promise<Template> {
  const current = await findOwnTemplate(deps, userId, id);
  const row = await updateRow(deps.db, userId, id, toTemplateFields(input, current));
  if (!row) throw templateNotFound(); // deleted in between
  return toTemplate(row);
}
