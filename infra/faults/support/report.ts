// The suites' figures: printed at the end of each suite and merged into test-artifacts/faults-report.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from './fault-stack';

const reportFile = path.join(rootDir, 'test-artifacts', 'faults-report.json');

export function writeReport(suite: string, figures: Record<string, unknown>): void {
  mkdirSync(path.dirname(reportFile), { recursive: true });
  let report: Record<string, unknown> = {};
  if (existsSync(reportFile)) {
    try {
      report = JSON.parse(readFileSync(reportFile, 'utf8')) as Record<string, unknown>;
    } catch {
      report = {};
    }
  }
  report[suite] = { ...figures, finishedAt: new Date().toISOString() };
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
}

/** A fixed-width table for the console. */
export function formatTable(rows: Array<Record<string, string | number>>): string {
  if (rows.length === 0) return '(no rows)';
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ');
  return [
    line(columns),
    widths.map((w) => '-'.repeat(w)).join('-+-'),
    ...rows.map((row) => line(columns.map((c) => String(row[c] ?? '')))),
  ].join('\n');
}
