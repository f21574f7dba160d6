// docs/service-skeleton.md holds for every service and the gateway: the rooms exist and src/ has no others.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSkeleton } from './skeleton-report';
import { MAIL_SLICES, SKELETONS } from './skeleton-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the service skeleton', () => {
  for (const skeleton of SKELETONS) {
    it(`${skeleton.name} has every room of the skeleton and nothing else in src/`, () => {
      // Compared as a whole so one failure names everything to move.
      expect(checkSkeleton(root, skeleton)).toEqual({ missing: [], unexpected: [] });
    });
  }

  it('checks the rooms the document names', () => {
    const doc = readFileSync(path.join(root, 'docs/service-skeleton.md'), 'utf8');
    const named = [
      'server.ts',
      'app.ts',
      'config.ts',
      'deps.ts',
      'routes/',
      'domain/',
      'db/client.ts',
      'db/schema/',
      'db/queries/',
      'adapters/',
      'drizzle/',
      'plugins/',
      'worker.ts',
      'worker-app.ts',
    ];
    for (const room of [...named, ...MAIL_SLICES.map((slice) => `${slice}/`)]) expect(doc, room).toContain(room);
  });
});

describe('the skeleton check itself', () => {
  const fixture = mkdtempSync(path.join(tmpdir(), 'mw-skeleton-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const touch = (file: string) => {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), '');
  };

  it('names missing rooms and unexpected entries, and allows a unit test beside an allowed file', () => {
    for (const file of ['pkg/src/server.ts', 'pkg/src/app.ts', 'pkg/src/config.ts', 'pkg/src/config.test.ts']) touch(file);
    for (const file of ['pkg/src/context.ts', 'pkg/src/lib/helper.ts', 'pkg/src/.DS_Store']) touch(file);
    const skeleton = {
      name: 'pkg',
      dir: 'pkg',
      required: ['src/server.ts', 'src/app.ts', 'src/deps.ts', 'src/routes/'],
      allowedInSrc: ['server.ts', 'app.ts', 'config.ts', 'deps.ts', 'routes'],
    };
    expect(checkSkeleton(fixture, skeleton)).toEqual({
      missing: ['src/deps.ts', 'src/routes/'],
      unexpected: ['src/context.ts', 'src/lib/'],
    });
  });
});
