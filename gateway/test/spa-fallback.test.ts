// The gateway serves the built web app: page routes fall back to index.html, API and asset misses stay 404.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { GatewayConfigSchema } from '../src/config';

const distDir = mkdtempSync(path.join(tmpdir(), 'mw-web-dist-'));
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  writeFileSync(path.join(distDir, 'index.html'), '<div id="root"></div>');
  app = await buildApp(
    readConfig(GatewayConfigSchema, { INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent', WEB_DIST: distDir }),
  );
});
afterAll(() => app.close());

describe('web app serving', () => {
  it('answers a client-side route with index.html', async () => {
    const page = await app.inject({ url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('serves a file added after start (a rebuild) without a restart', async () => {
    writeFileSync(path.join(distDir, 'late.js'), 'console.log(1)');
    const file = await app.inject({ url: '/late.js' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('console.log(1)');
  });

  it('keeps unknown API routes and missing assets as 404s', async () => {
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
