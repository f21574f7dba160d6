import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPublicUrl, requestPublicUrl, TargetError } from './public-target';

const strict = { allowPrivate: false };
const open = { allowPrivate: true };

async function problemOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof TargetError ? error.problem : 'other';
  }
}

describe('checkPublicUrl', () => {
  it('refuses what is not an https URL without credentials', async () => {
    expect(await problemOf(checkPublicUrl('not a url', strict))).toBe('scheme');
    expect(await problemOf(checkPublicUrl('http://example.com/', strict))).toBe('scheme');
    expect(await problemOf(checkPublicUrl('ftp://example.com/', open))).toBe('scheme');
    expect(await problemOf(checkPublicUrl('https://user:pw@example.com/', strict))).toBe('scheme');
  });

  it('refuses private and loopback hosts unless private targets are allowed', async () => {
    expect(await problemOf(checkPublicUrl('https://127.0.0.1/', strict))).toBe('private');
    expect(await problemOf(checkPublicUrl('https://[::1]/', strict))).toBe('private');
    expect(await problemOf(checkPublicUrl('https://10.1.2.3/', strict))).toBe('private');
    expect(await problemOf(checkPublicUrl('https://localhost/', strict))).toBe('private');
    expect(await problemOf(checkPublicUrl('https://api.localhost/', strict))).toBe('private');
    expect((await checkPublicUrl('http://127.0.0.1:8080/x', open)).port).toBe('8080');
  });

  it('accepts a public address literal', async () => {
    expect((await checkPublicUrl('https://93.184.216.34/hook', strict)).pathname).toBe('/hook');
  });
});

describe('requestPublicUrl', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/big') {
        res.setHeader('content-length', '100');
        res.end('x'.repeat(100));
        return;
      }
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => res.end(`${req.method} ${body}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the request and reads the answer when private targets are allowed', async () => {
    const answer = await requestPublicUrl(`${base}/hook`, open, { method: 'POST', body: 'hi', timeoutMs: 2000, maxBytes: 1000 });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('POST hi');
  });

  it('refuses a local server when private targets are not allowed', async () => {
    const policy = { allowPrivate: false, requireHttps: false };
    expect(await problemOf(requestPublicUrl(`${base}/hook`, policy, { timeoutMs: 2000, maxBytes: 1000 }))).toBe('private');
  });

  it('refuses an answer larger than the limit, or truncates it when asked', async () => {
    expect(await problemOf(requestPublicUrl(`${base}/big`, open, { timeoutMs: 2000, maxBytes: 10 }))).toBe('http');
    const cut = await requestPublicUrl(`${base}/big`, open, { timeoutMs: 2000, maxBytes: 10, truncate: true });
    expect(cut.body.length).toBeLessThanOrEqual(10);
  });
});
