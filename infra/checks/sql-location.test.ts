// Every SQL statement of a service lives in its db/queries/ (docs/service-skeleton.md), so a reader finds
// all of a table's statements in one file and a column change is made in one place.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findSqlOutsideQueries } from './sql-scan';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICES_WITH_A_DATABASE = ['identity', 'accounts', 'templates', 'billing', 'mail'];

describe('SQL lives in db/queries', () => {
  for (const service of SERVICES_WITH_A_DATABASE) {
    it(`${service} has no SQL outside src/db/queries/`, () => {
      expect(findSqlOutsideQueries(path.join(root, 'services', service, 'src'))).toEqual([]);
    });
  }
});

describe('the SQL scan itself', () => {
  const src = mkdtempSync(path.join(tmpdir(), 'mw-sql-scan-'));
  afterAll(() => rmSync(src, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), text);
  };

  it('finds tagged, string and raw-query SQL outside db/queries, and nothing in queries, schema, tests or prose', () => {
    write('domain/a.ts', 'await db.execute(sql`select 1`);\nconst q = `\n  SELECT id FROM t`;\n');
    write(
      'adapters/b.ts',
      "// BEGIN and COMMIT are words here\nawait client.query('begin');\nthrow new Error('Select a plan');\n",
    );
    write('db/queries/c.ts', 'await db.execute(sql`select 1`);\n');
    write('db/schema/d.ts', "id: uuid('id').default(sql`gen_random_uuid()`),\n");
    write('domain/e.test.ts', "await pool.query('SELECT 1');\n");
    expect(findSqlOutsideQueries(src)).toEqual([
      'src/adapters/b.ts:2 raw query',
      'src/domain/a.ts:1 sql`` tag',
      'src/domain/a.ts:2 SQL string',
    ]);
  });
});
