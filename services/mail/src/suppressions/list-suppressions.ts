// GET /suppressions: the user's list, newest first, searchable by address.
import type { ListSuppressionsQuery, Suppression } from '@mailwright/contracts';
import { listSuppressions as listRows } from '../db/queries/suppressions';
import type { SuppressionDeps } from './deps';
import { serializeSuppression } from './serialize-suppression';

export async function listSuppressions(deps: SuppressionDeps, userId: string, query: ListSuppressionsQuery) {
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  const search = query.search?.trim().toLowerCase() || null;
  const { rows, total } = await listRows(deps.db, userId, search, { offset: (page - 1) * limit, limit });
  const data: Suppression[] = rows.map(serializeSuppression);
  return { data, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
}
