// What the mail service sends: a user's template fully rendered, or a 400 naming every missing variable.
import { type RenderedTemplate, renderTemplate, type TemplateVariableValues } from '@mailwright/contracts';
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
  return {
    subject: rendered.subject,
    body: rendered.body,
    isHtml: rendered.isHtml,
    variables: template.variables,
    unsubscribe: template.unsubscribe,
  };
}
