// Finds SQL written outside a service's db/queries/: drizzle's sql`` tag, a string that starts with a
// statement keyword, or a raw pg query. Table definitions (db/schema/, whose column defaults use sql``)
// and tests are not statements the service runs, so they are not scanned.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['sql`` tag', /\bsql`/g],
  ['SQL string', /[`'"]\s*(?:SELECT|INSERT\s+INTO|UPDATE\s+\w|DELETE\s+FROM|WITH\s+\w+\s+AS|BEGIN|COMMIT|ROLLBACK)\b/g],
  ['raw query', /\.query\(\s*[`'"]\s*(?:select|insert|update|delete|with|begin|commit|rollback)\b/gi],
];

const isScanned = (relative: string) =>
  relative.endsWith('.ts') &&
  !relative.endsWith('.test.ts') &&
  !relative.startsWith('db/queries/') &&
  !relative.startsWith('db/schema/');

function sourceFiles(src: string, prefix = ''): string[] {
  return readdirSync(path.join(src, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}${entry.name}`;
    return entry.isDirectory() ? sourceFiles(src, `${relative}/`) : [relative];
  });
}

/** `file:line what` for every piece of SQL under `src` outside db/queries/. */
export function findSqlOutsideQueries(src: string): string[] {
  const found: string[] = [];
  for (const relative of sourceFiles(src).filter(isScanned)) {
    const text = readFileSync(path.join(src, relative), 'utf8');
    for (const [what, pattern] of PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(0, match.index).split('\n').length;
        found.push(`src/${relative}:${line} ${what}`);
      }
    }
  }
  return found.sort();
}
