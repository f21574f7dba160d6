// Does a service's drizzle schema still produce exactly its committed migrations? drizzle-kit generates
// against a copy of the committed drizzle/ folder (no database needed): a new migration file means drift.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface DrizzleConfig {
  dialect: string;
  schema: string | string[];
  out?: string;
  [option: string]: unknown;
}

export interface DriftReport {
  /** Files generate added to the copy: the migration the schema still needs. */
  generated: string[];
  /** Set when drizzle-kit failed, asked a question (a rename: the schema differs) or `check` refused the snapshots. */
  problem?: string;
}

const GENERATE_TIMEOUT_MS = 60_000;

export const RENAME_QUESTION =
  'drizzle-kit would ask whether a table or column was renamed: the schema differs from the migrations (run npm run db:generate in the service)';

function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(folder, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

function runDrizzleKit(drizzleKit: string, command: 'generate' | 'check', cwd: string): string | undefined {
  const result = spawnSync(process.execPath, [drizzleKit, command, '--config', 'drizzle.config.json'], {
    cwd,
    encoding: 'utf8',
    timeout: GENERATE_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  if (result.error) return `drizzle-kit ${command} did not finish (${result.error.message})\n${output}`;
  if (result.status !== 0) return `drizzle-kit ${command} exited with ${result.status}\n${output}`;
  // Without a terminal, generate cannot ask "renamed or replaced?"; it prints an error and still exits 0.
  if (output.includes('Interactive prompts require a TTY')) return `${RENAME_QUESTION}\n${output}`;
  // It reports other failures (an unreadable schema file) the same way.
  if (/\bError\b/.test(result.stderr ?? '')) return `drizzle-kit ${command} reported an error\n${output}`;
  return undefined;
}

/**
 * `serviceDir` holds drizzle.config.ts's `config` (schema paths relative to it) and the committed migrations
 * in `config.out`; `drizzleKit` is drizzle-kit's bin.cjs.
 */
export function findMigrationDrift(serviceDir: string, config: DrizzleConfig, drizzleKit: string): DriftReport {
  const workDir = mkdtempSync(path.join(tmpdir(), 'mw-drift-'));
  try {
    const committed = path.join(serviceDir, config.out ?? 'drizzle');
    cpSync(committed, path.join(workDir, 'drizzle'), { recursive: true });
    const schemas = (Array.isArray(config.schema) ? config.schema : [config.schema]).map((schema) =>
      path.resolve(serviceDir, schema),
    );
    const copy = { ...config, schema: schemas, out: './drizzle' };
    writeFileSync(path.join(workDir, 'drizzle.config.json'), JSON.stringify(copy, null, 2));
    const before = new Set(listFiles(path.join(workDir, 'drizzle')));
    const problem = runDrizzleKit(drizzleKit, 'check', workDir) ?? runDrizzleKit(drizzleKit, 'generate', workDir);
    const generated = listFiles(path.join(workDir, 'drizzle')).filter((file) => !before.has(file));
    return problem ? { generated, problem } : { generated };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
