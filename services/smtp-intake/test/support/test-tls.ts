// A self-signed certificate for localhost, made with openssl into a temporary folder (the tests trust it explicitly).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestTls {
  key: Buffer;
  cert: Buffer;
  certFile: string;
  keyFile: string;
  remove(): void;
}

export function makeTestTls(): TestTls {
  const dir = mkdtempSync(path.join(tmpdir(), 'mw-intake-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(keyFile),
    cert: readFileSync(certFile),
    certFile,
    keyFile,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
