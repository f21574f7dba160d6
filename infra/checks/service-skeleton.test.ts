// docs/service-skeleton.md holds for every service and the gateway: the rooms exist and src/ has no others.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
    ];
    for (const room of [...named, ...MAIL_SLICES.map((slice) => `${slice}/`)]) expect(doc, room).toContain(room);
  });
});
