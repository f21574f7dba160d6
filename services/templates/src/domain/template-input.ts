// The rules a template must meet before it is saved, and the fields derived from it.
import {
  DEFAULT_TEMPLATE_CATEGORY,
  extractVariables,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  type TemplateBody,
} from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { TemplateFields } from '../db/queries/templates';

const characters = (text: string) => [...text].length;
const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

function invalid(message: string): never {
  throw new AppError('VALIDATION_ERROR', message);
}

/** The stored values an update keeps when the body leaves them out. */
export interface TemplateDefaults {
  category: string;
  unsubscribe: boolean;
}

const newTemplateDefaults: TemplateDefaults = { category: DEFAULT_TEMPLATE_CATEGORY, unsubscribe: false };

/** Validates a create/update body and computes `variables`; `current` values are kept for fields left out. */
export function toTemplateFields(input: TemplateBody, current: TemplateDefaults = newTemplateDefaults): TemplateFields {
  const name = input.name.trim();
  if (name.length === 0 || characters(name) > TEMPLATE_LIMITS.nameMaxChars) invalid(TEMPLATE_MESSAGES.name);
  const { subject, body } = input;
  if (subject.trim().length === 0 || characters(subject) > TEMPLATE_LIMITS.subjectMaxChars) invalid(TEMPLATE_MESSAGES.subject);
  // The subject is one header line; a line break there would let it inject headers.
  if (/[\r\n]/.test(subject)) invalid(TEMPLATE_MESSAGES.subjectLineBreak);
  if (body.trim().length === 0 || utf8Bytes(body) > TEMPLATE_LIMITS.bodyMaxBytes) invalid(TEMPLATE_MESSAGES.body);
  const category = input.category === undefined ? current.category : input.category.trim();
  if (category.length === 0 || characters(category) > 50) invalid(TEMPLATE_MESSAGES.category);
  const unsubscribe = input.unsubscribe ?? current.unsubscribe;
  return { name, subject, body, category, variables: extractVariables(subject, body), unsubscribe };
}
