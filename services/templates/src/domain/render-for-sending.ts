// What the mail service sends: a user's template fully rendered, or a 400 naming every missing variable or the part
// the values make longer than a send may carry.
import {
  type RenderedTemplate,
  renderedTooLongMessage,
  renderTemplate,
  type TemplateVariableValues,
} from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { TemplatesDeps } from '../deps';
import { findOwnTemplate } from './find-own-template';

export const missingVariablesMessage = (missing: string[]) => `Missing template variables: ${missing.join(', ')}`;

export async function renderForSending(
  deps: Pick<TemplatesDeps, 'db'>,
  userId: string,
  templateId: string,
  values: TemplateVariableValues,
): Promise<RenderedTemplate> {
  const template = await findOwnTemplate(deps, userId, templateId);
  const rendered = renderTemplate(template, values);
  if (rendered.missing.length > 0) {
    throw new AppError('VALIDATION_ERROR', missingVariablesMessage(rendered.missing), { details: { missing: rendered.missing } });
  }
  if (rendered.tooLong) throw new AppError('VALIDATION_ERROR', renderedTooLongMessage(rendered.tooLong));
  return {
    subject: rendered.subject,
    body: rendered.body,
    isHtml: rendered.isHtml,
    variables: template.variables,
    unsubscribe: template.unsubscribe,
  };
}
