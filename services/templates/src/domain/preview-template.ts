// Renders a stored template with sample values; missing values are reported, not refused. Values that make a part
// longer than a send may carry are refused: that preview could never be sent, and its answer would be unbounded.
import { renderedTooLongMessage, renderTemplate, type TemplatePreview, type TemplateVariableValues } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { TemplatesDeps } from '../deps';
import { findOwnTemplate } from './find-own-template';

export async function previewTemplate(
  deps: Pick<TemplatesDeps, 'db'>,
  userId: string,
  id: string,
  values: TemplateVariableValues,
): Promise<TemplatePreview> {
  const template = await findOwnTemplate(deps, userId, id);
  const { tooLong, ...preview } = renderTemplate(template, values);
  if (tooLong) throw new AppError('VALIDATION_ERROR', renderedTooLongMessage(tooLong));
  return preview;
}
