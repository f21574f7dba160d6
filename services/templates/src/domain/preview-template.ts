// Renders a stored template with sample values; missing values are reported, not refused.
import { renderTemplate, type TemplatePreview, type TemplateVariableValues } from '@mailwright/contracts';
import type { TemplatesContext } from './context';
import { findOwnTemplate } from './find-own-template';

export async function previewTemplate(
  ctx: TemplatesContext,
  userId: string,
  id: string,
  values: TemplateVariableValues,
): Promise<TemplatePreview> {
  const template = await findOwnTemplate(ctx, userId, id);
  return renderTemplate(template, values);
}
