import type { Template } from '@mailwright/contracts';
import type { TemplatesContext } from './context';
import { findOwnTemplate } from './find-own-template';
import { toTemplate } from './to-template';

export async function getTemplate(ctx: TemplatesContext, userId: string, id: string): Promise<Template> {
  return toTemplate(await findOwnTemplate(ctx, userId, id));
}
