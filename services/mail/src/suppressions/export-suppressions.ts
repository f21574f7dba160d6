// GET /suppressions/export: the whole list as CSV (the import reads it back), written page by page so a list of
// any length streams in constant memory.
import { suppressionsAfter } from '../db/queries/suppressions';
import type { SuppressionDeps } from './deps';

const PAGE = 5_000;

export const SUPPRESSION_CSV_HEADER = 'email,reason,created_at,email_id\n';

export async function* exportSuppressions(deps: SuppressionDeps, userId: string): AsyncGenerator<string> {
  yield SUPPRESSION_CSV_HEADER;
  let after = '';
  for (;;) {
    const rows = await suppressionsAfter(deps.db.$client, userId, after, PAGE);
    if (rows.length === 0) return;
    yield rows
      .map((row) => `${row.email},${row.reason},${new Date(row.createdAt).toISOString()},${row.emailId ?? ''}\n`)
      .join('');
    after = (rows[rows.length - 1] as { email: string }).email;
    if (rows.length < PAGE) return;
  }
}
