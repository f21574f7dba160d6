// Generated migrations match the drizzle schema in every service: a column added to a table without
// `npm run db:generate` (or a snapshot under drizzle/meta edited by hand) fails here, before it reaches a database.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DrizzleConfig, findMigrationDrift, RENAME_QUESTION } from './migration-drift';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
// drizzle-kit exports no path to its command line; it sits beside the package's entry point.
const drizzleKit = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');

const services = readdirSync(path.join(root, 'services')).filter((name) =>
  existsSync(path.join(root, 'services', name, 'drizzle.config.ts')),
);

async function loadConfig(serviceDir: string): Promise<DrizzleConfig> {
  const module = (await import(path.join(serviceDir, 'drizzle.config.ts'))) as { default: DrizzleConfig };
  return module.default;
}

describe('generated migrations match the drizzle schema', () => {
  it('finds the services with migrations', () => {
    expect(services).toEqual(expect.arrayContaining(['identity', 'accounts', 'templates', 'billing', 'mail']));
  });

  for (const service of services) {
    it(`${service}: generating from the schema adds no migration`, async () => {
      const serviceDir = path.join(root, 'services', service);
      expect(findMigrationDrift(serviceDir, await loadConfig(serviceDir), drizzleKit)).toEqual({ generated: [] });
    });
  }
});

describe('the drift check itself', () => {
  // A one-table service of its own, importing drizzle by absolute path so it can live in a temp folder.
  const fixture = mkdtempSync(path.join(tmpdir(), 'mw-drift-fixture-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const pgCore = JSON.stringify(require.resolve('drizzle-orm/pg-core'));
  const config: DrizzleConfig = { dialect: 'postgresql', schema: './schema/*.ts', out: './drizzle' };
  const writeSchema = (columns: string) => {
    mkdirSync(path.join(fixture, 'schema'), { recursive: true });
    writeFileSync(
      path.join(fixture, 'schema', 'notes.ts'),
      `import { pgTable, text, uuid } from ${pgCore};\nexport const notes = pgTable('notes', { id: uuid('id').primaryKey(), ${columns} });\n`,
    );
  };

  // The committed migrations: generated from the first version of the table.
  beforeAll(() => {
    writeSchema(`body: text('body').notNull()`);
    writeFileSync(path.join(fixture, 'drizzle.config.json'), JSON.stringify(config));
    const generate = spawnSync(process.execPath, [drizzleKit, 'generate', '--config', 'drizzle.config.json'], {
      cwd: fixture,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (generate.status !== 0) throw new Error(`drizzle-kit generate failed: ${generate.stderr}`);
  });

  it('passes when the migrations were generated from the schema, fails once a column is added', () => {
    writeSchema(`body: text('body').notNull()`);
    expect(findMigrationDrift(fixture, config, drizzleKit)).toEqual({ generated: [] });

    writeSchema(`body: text('body').notNull(), title: text('title')`);
    const drift = findMigrationDrift(fixture, config, drizzleKit);
    expect(drift.problem).toBeUndefined();
    expect(drift.generated).toEqual(expect.arrayContaining([expect.stringMatching(/^\d{4}_.+\.sql$/)]));
  });

  it('fails when a column was renamed in the schema only (drizzle-kit would have to ask)', () => {
    writeSchema(`text: text('text').notNull()`);
    expect(findMigrationDrift(fixture, config, drizzleKit).problem).toMatch(RENAME_QUESTION);
  });
});
