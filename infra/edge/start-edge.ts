// Starts the edge's nginx (nginx-config.ts) in a private directory of its own, in /dev/shm where there is one (never
// on disk), removed when it stops: its configuration (which holds the edge's secret) and pid are this user's alone;
// its temp files (request bodies past a megabyte) are in `work/`, the workers' alone. Started as root, nginx runs its
// workers as `nobody`, so `work/` is theirs.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EdgeConfigInput, edgeNginxConfig } from './nginx-config';
import { portListening } from './port-listening';

export interface EdgeNginx {
  /** nginx's master; its directory goes when it exits. */
  child: ChildProcess;
}

/**
 * `output`: where nginx writes its access and error lines: a file descriptor or this process's own stdout and
 * stderr. Not a pipe to this process: Node's pipes are sockets, which nginx cannot open as /dev/stdout.
 */
export async function startEdgeNginx(
  binary: string,
  input: Omit<EdgeConfigInput, 'dir' | 'workDir' | 'workerUser'>,
  output: number | 'inherit',
): Promise<EdgeNginx> {
  const dir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'mailwright-edge-'));
  const workDir = path.join(dir, 'work');
  mkdirSync(workDir, { mode: 0o700 });
  const workers = process.getuid?.() === 0 ? unprivilegedUser() : null;
  if (workers) {
    // Others may pass through to work/, and read nothing else here.
    chmodSync(dir, 0o711);
    chownSync(workDir, workers.uid, workers.gid);
  }
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, edgeNginxConfig({ ...input, dir, workDir, workerUser: workers?.name }), { mode: 0o600 });
  const child = spawn(binary, ['-p', dir, '-c', configFile, '-e', 'stderr'], {
    stdio: ['ignore', output, output],
  });
  const removeFiles = () => rmSync(dir, { recursive: true, force: true });
  try {
    await Promise.race([
      portListening(input.port, 10_000, 'nginx'),
      new Promise((_resolve, reject) =>
        child.once('exit', (code) => reject(new Error(`nginx exited with code ${code} during start-up (see its log)`))),
      ),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    removeFiles();
    throw error;
  }
  child.once('exit', removeFiles);
  return { child };
}

/** `nobody` and its group, as /etc/passwd and /etc/group have them: who nginx's workers run as when started as root. */
function unprivilegedUser(): { name: string; uid: number; gid: number } {
  const entry = (file: string, match: (fields: string[]) => boolean) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
      .find(match);
  const user = entry('/etc/passwd', (fields) => fields[0] === 'nobody');
  const group = user && entry('/etc/group', (fields) => fields[2] === user[3]);
  if (!user || !group) throw new Error('the edge runs as root and needs the user nobody and its group for its workers');
  return { name: `${user[0]} ${group[0]}`, uid: Number(user[2]), gid: Number(user[3]) };
}
