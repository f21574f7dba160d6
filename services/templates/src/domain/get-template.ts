import type { Template } from '@mailwright/contracts';
import type { TemplatesDeps } from '../deps';
import { findOwnTemplate } from './find-own-template';
import { toTemplate } from './to-template';

export async function getTemplate(deps: Pick<TemplatesDeps, 'db'>, userId: string, id: string): Promise<Template> {
  return toTemplate(await findOwnTemplate(deps, userId, id));
}
