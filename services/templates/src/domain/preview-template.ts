// Renders a stored template with sample values; missing values are reported, not refused.
import { renderTemplate, type TemplatePreview, type TemplateVariableValues } from '@mailwright/contracts';
import type { TemplatesDeps } from '../deps';
import { findOwnTemplate } from './find-own-template';

export async function previewTemplate(
  deps: Pick<TemplatesDeps, 'db'>,
  userId: string,
  id: string,
  values: TemplateVariableValues,
): Promise<TemplatePreview> {
  const template = await findOwnTemplate(deps, userId, id);
  return renderTemplate(template, values);
}
