// `npm run admin -- <command>`: the operator CLI (see run-admin.ts for the commands and exit codes).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAdmin } from './run-admin';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

process.exitCode = await runAdmin(process.argv.slice(2), {
  out: process.stdout,
  err: process.stderr,
  env: process.env,
  dataDir: path.join(rootDir, '.data'),
});
