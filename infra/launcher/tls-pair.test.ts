import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { selfSignedTlsPair } from './tls-pair';

const dir = mkdtempSync(path.join(tmpdir(), 'mw-tls-pair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('selfSignedTlsPair', () => {
  it('makes a certificate for localhost and its key once, and reuses them', () => {
    const pair = selfSignedTlsPair(dir);
    expect(pair).not.toBeNull();
    const cert = readFileSync(pair?.certFile ?? '', 'utf8');
    expect(cert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(readFileSync(pair?.keyFile ?? '', 'utf8')).toMatch(/-----BEGIN PRIVATE KEY-----/);
    const text = execFileSync('openssl', [
      'x509',
      '-noout',
      '-subject',
      '-ext',
      'subjectAltName',
      '-in',
      pair?.certFile ?? '',
    ]).toString();
    expect(text).toMatch(/CN\s*=\s*localhost/);
    expect(text).toContain('DNS:localhost');
    const made = statSync(pair?.certFile ?? '').mtimeMs;
    expect(selfSignedTlsPair(dir)).toEqual(pair);
    expect(statSync(pair?.certFile ?? '').mtimeMs).toBe(made);
  });
});
