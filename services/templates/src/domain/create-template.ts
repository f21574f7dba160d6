// Creates a template within the user's plan limit (templateLimit from billing; -1 means unlimited).
import type { Entitlements, Template, TemplateBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { insertTemplateWithinLimit } from '../db/queries/templates';
import type { TemplatesDeps } from '../deps';
import { toTemplateFields } from './template-input';
import { toTemplate } from './to-template';

export function planLimitMessage({ plan, templateLimit }: Pick<Entitlements, 'plan' | 'templateLimit'>): string {
  const allowance = `Your ${plan} plan allows ${templateLimit} template${templateLimit === 1 ? '' : 's'}.`;
  return plan === 'free'
    ? `${allowance} Upgrade to Pro for unlimited templates at /pricing.`
    : `${allowance} Upgrade your plan for more templates at /pricing.`;
}

export async function createTemplate(
  deps: TemplatesDeps,
  userId: string,
  input: TemplateBody,
  requestId?: string,
): Promise<Template> {
  const fields = toTemplateFields(input);
  const entitlements = await deps.entitlements.get(userId, { requestId });
  const row = await insertTemplateWithinLimit(deps.db, userId, fields, entitlements.templateLimit);
  if (!row) {
    throw new AppError('PLAN_LIMIT', planLimitMessage(entitlements), { details: { limit: entitlements.templateLimit } });
  }
  return toTemplate(row);
}
