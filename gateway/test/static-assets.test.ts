// The gateway sends the web build's precompressed copies (brotli, else gzip) and caches hashed assets for good.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { readConfig } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { GatewayConfigSchema } from '../src/config';

const distDir = mkdtempSync(path.join(tmpdir(), 'mw-web-assets-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(500)}</body></html>`;
let app: Awaited<ReturnType<typeof buildApp>>;

/** Writes a file of the build with its .br and .gz copies, as web/build/precompress.ts does. */
function writeBuilt(relative: string, content: string) {
  const file = path.join(distDir, relative);
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  mkdirSync(path.join(distDir, 'assets'));
  writeBuilt('index.html', page);
  writeBuilt('assets/app-Ab12Cd34.js', script);
  writeFileSync(path.join(distDir, 'assets', 'plain-Zz99Yy88.js'), 'console.log(1)');
  writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildApp(
    readConfig(GatewayConfigSchema, { INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent', WEB_DIST: distDir }),
  );
});
afterAll(() => app.close());

describe('static assets of the web app', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts br, cached for a year', async () => {
    const response = await app.inject({ url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const response = await app.inject({ url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts no encoding, or when there is no compressed copy', async () => {
    const identity = await app.inject({ url: '/assets/app-Ab12Cd34.js' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(script);
    const uncompressed = await app.inject({ url: '/assets/plain-Zz99Yy88.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body).toBe('console.log(1)');
    expect(uncompressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/dashboard', '/emails?status=failed'])(
    'revalidates the page %s every time and sends it compressed',
    async (url) => {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    },
  );

  it('caches files outside /assets (not hashed) for an hour only', async () => {
    const response = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});
