// Turns schema failures into one clear sentence (AppError, so the kit handler sends it as is).
import { TEMPLATE_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import type { FastifySchemaValidationError } from 'fastify';

/** Any failure on these fields (missing, wrong type, wrong length) answers the field's rule. */
const FIELD_RULES: Record<string, string> = {
  '/name': TEMPLATE_MESSAGES.name,
  '/subject': TEMPLATE_MESSAGES.subject,
  '/body': TEMPLATE_MESSAGES.body,
  '/category': TEMPLATE_MESSAGES.category,
};

interface SchemaIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function firstOf(list: unknown): string | undefined {
  return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
}

function describe(issue: SchemaIssue, part: string): string {
  const path = issue.instancePath ?? '';
  const required = firstOf(issue.params?.requiredProperties) ?? (issue.params?.missingProperty as string | undefined);
  if (required)
    return FIELD_RULES[`${path}/${required}`] ?? `${[...path.split('/').filter(Boolean), required].join('.')} is required`;
  const extra = firstOf(issue.params?.additionalProperties) ?? (issue.params?.additionalProperty as string | undefined);
  if (extra) return `${[...path.split('/').filter(Boolean), extra].join('.')} is not an allowed field`;
  const rule = FIELD_RULES[path];
  if (rule && part === 'body') return rule;
  const where = path.replace(/^\//, '').replaceAll('/', '.') || part;
  return `${where} ${issue.message ?? 'is invalid'}`;
}

export function formatValidationError(errors: FastifySchemaValidationError[], part: string): Error {
  const issues = errors as SchemaIssue[];
  // A property that is not allowed shows up first as a "schema is false" issue at its own path.
  const extra = issues.find((issue) => issue.keyword === 'additionalProperties');
  const chosen = extra ?? issues[0] ?? {};
  return new AppError('VALIDATION_ERROR', describe(chosen, part));
}
