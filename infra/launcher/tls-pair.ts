// A self-signed certificate and key for the SMTP intake's STARTTLS when none is configured, made once with openssl
// into .data/tls/ (node:crypto cannot write X.509) and made again when it nears expiry. Mail clients must be told to
// accept it (nodemailer `tls.rejectUnauthorized: false`, swaks `--tls` without verification); production sets its own.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export interface TlsPair {
  certFile: string;
  keyFile: string;
}

const VALID_DAYS = 365;
const RENEW_AFTER_MS = (VALID_DAYS - 30) * 86_400_000;

/** The pair in `dir` (created when missing or old), or null when openssl is not installed. */
export function selfSignedTlsPair(dir: string, log: (line: string) => void = () => {}): TlsPair | null {
  const pair = { certFile: path.join(dir, 'smtp-intake.crt'), keyFile: path.join(dir, 'smtp-intake.key') };
  const fresh = (file: string) => existsSync(file) && Date.now() - statSync(file).mtimeMs < RENEW_AFTER_MS;
  if (fresh(pair.certFile) && fresh(pair.keyFile)) return pair;
  mkdirSync(dir, { recursive: true });
  // Written under temporary names and renamed, so two stacks starting at once never read half a file.
  const suffix = `${process.pid}-${Date.now()}`;
  const certTemp = `${pair.certFile}.${suffix}`;
  const keyTemp = `${pair.keyFile}.${suffix}`;
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        String(VALID_DAYS),
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        keyTemp,
        '-out',
        certTemp,
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    rmSync(certTemp, { force: true });
    rmSync(keyTemp, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  renameSync(keyTemp, pair.keyFile);
  renameSync(certTemp, pair.certFile);
  log(`made a self-signed TLS pair for the SMTP intake in ${path.relative(process.cwd(), dir) || dir}`);
  return pair;
}
