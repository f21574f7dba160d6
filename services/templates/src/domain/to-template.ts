// A stored row as the API shows it: `_id` and `id`, ISO times.
import type { Template } from '@mailwright/contracts';
import type { TemplateRow } from '../db/tables';

export function toTemplate(row: TemplateRow): Template {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    category: row.category,
    variables: row.variables,
    unsubscribe: row.unsubscribe,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
